import { threadId as mainThreadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createEsisRenderPool, EsisRenderRefused, type EsisRenderPoolOptions } from '../../src/esis-pdf/esis-render-pool.ts'
import { buildEsisFixture } from './esis-fixture.ts'

// The longest sheet: 11 pages, 480 table rows, tens of milliseconds of pdfkit.
const doc = buildEsisFixture({ rateType: 'mixed', durationMonths: 480 })
// Shorter, for the tests of the bounds.
const short = buildEsisFixture({ durationMonths: 120 })

/** A pool for one test, stopped after it whatever happens. */
async function withPool(options: Partial<EsisRenderPoolOptions>, use: (pool: ReturnType<typeof createEsisRenderPool>) => Promise<void>) {
  const pool = createEsisRenderPool({ threads: 1, perPartner: null, queue: 8, ...options })
  try {
    await use(pool)
  } finally {
    await pool.stop()
  }
}

const refusalOf = (rendering: Promise<unknown>) =>
  rendering.then(
    () => 'rendered',
    (error: unknown) => (error instanceof EsisRenderRefused ? error.scope : error),
  )

describe('the ESIS render pool', () => {
  it('renders in a worker thread while the event loop goes on turning, and tells how long the thread took', async () => {
    await withPool({}, async (pool) => {
      await pool.render('partner-a', doc) // the thread starts and loads pdfkit
      let done = false
      let turns = 0
      const rendering = pool.render('partner-a', doc).finally(() => (done = true))
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve))
        turns += 1
      }
      const rendered = await rendering
      expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      // Rendered on the loop, the drawing would be one turn and the PDF's stream a few more.
      expect(turns).toBeGreaterThan(1000)
      expect(rendered.ms).toBeGreaterThan(0)
      expect(rendered.threadId).not.toBe(mainThreadId)
      expect(pool.status().threadIds).toEqual([rendered.threadId])
    })
  })

  it("refuses a partner's render past its bound at once, and not another partner's", async () => {
    await withPool({ perPartner: 1 }, async (pool) => {
      const first = pool.render('partner-a', short)
      const second = refusalOf(pool.render('partner-a', short))
      const other = pool.render('partner-b', short)
      expect(await second).toBe('partner')
      expect(pool.status()).toMatchObject({ running: 1, waiting: 1 })
      await Promise.all([first, other])
      expect(await refusalOf(pool.render('partner-a', short))).toBe('rendered')
    })
  })

  it('refuses a render at once when the queue of every partner is full', async () => {
    await withPool({ queue: 1 }, async (pool) => {
      const running = pool.render('partner-a', short)
      const waiting = pool.render('partner-b', short)
      expect(await refusalOf(pool.render('partner-c', short))).toBe('everyone')
      await Promise.all([running, waiting])
    })
  })

  it('rejects a render that fails with its reason, and renders the next', async () => {
    await withPool({}, async (pool) => {
      await expect(pool.render('partner-a', { ...short, issueDate: 'not a date' })).rejects.toThrow(/ESIS render failed: RangeError/)
      expect((await pool.render('partner-a', short)).pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    })
  })

  it('on stop, lets the renders under way finish, then ends its threads and takes no new render', async () => {
    const pool = createEsisRenderPool({ threads: 1, perPartner: null, queue: 8 })
    const running = pool.render('partner-a', short)
    const waiting = pool.render('partner-b', short)
    const stopped = pool.stop()
    expect(await refusalOf(pool.render('partner-c', short))).toBe('everyone')
    const [first, second] = await Promise.all([running, waiting])
    expect([first.pdf.subarray(0, 5).toString('latin1'), second.pdf.subarray(0, 5).toString('latin1')]).toEqual(['%PDF-', '%PDF-'])
    await stopped
    expect(pool.status()).toEqual({ threadIds: [], running: 0, waiting: 0 })
  })
})
