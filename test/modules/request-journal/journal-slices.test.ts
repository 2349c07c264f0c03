import { describe, expect, it } from 'vitest'
import { sameForEveryPartner, systemClock } from '../../../src/clock.ts'
import { openDatabase } from '../../../src/db/connection.ts'
import { migrate } from '../../../src/db/migrate.ts'
import { createLogger } from '../../../src/logger.ts'
import type { JournalEntry } from '../../../src/modules/request-journal/journal-entry.ts'
import { createRequestJournalRepository } from '../../../src/modules/request-journal/request-journal.repository.ts'
import { createRequestJournalService } from '../../../src/modules/request-journal/request-journal.service.ts'
import { PARTNER_A } from '../../support/test-app.ts'

const entry = (n: number): JournalEntry => ({
  requestId: `slice-${n}`,
  partnerUniqueID: PARTNER_A,
  brokerId: 1001,
  userId: 1,
  at: new Date().toISOString(),
  receivedAt: new Date().toISOString(),
  method: 'GET',
  path: '/v1/simulations',
  query: null,
  status: 200,
  durationMs: 1,
  scenario: null,
  fault: null,
  requestHeaders: {},
  requestBody: null,
  requestTruncated: false,
  responseContentType: 'application/json',
  responseHeaders: {},
  responseBody: '{}',
  responseTruncated: false,
  errors: null,
  tokenId: null,
  retryAfter: null,
  origin: 'api',
})

/** A journal service over a real database whose repository reports each write and what ran between writes. */
function journalWatched() {
  const db = openDatabase(':memory:')
  migrate(db)
  db.prepare("INSERT INTO partner (partner_unique_id, name, created_at) VALUES (?, 'Parceiro', '2026-01-01')").run(PARTNER_A)
  const repository = createRequestJournalRepository(db)
  const events: string[] = []
  let written = 0
  let allWritten: () => void = () => {}
  const done = new Promise<void>((resolve) => (allWritten = resolve))
  const watched = {
    ...repository,
    insertAll: (entries: readonly JournalEntry[], bounds: Parameters<typeof repository.insertAll>[1]) => {
      repository.insertAll(entries, bounds)
      events.push(`write ${entries.length}`)
      // Another answer ready to go out, as a connection's would be.
      setImmediate(() => events.push('answer'))
      written += entries.length
      if (written === 100) allWritten()
    },
  }
  const journal = createRequestJournalService({
    writes: { transaction: (fn) => db.transaction(fn), beforeCommit: (_key, task) => task() },
    clock: sameForEveryPartner(systemClock),
    logger: createLogger('warn', (line) => events.push(line)),
    repository: watched,
    settings: { maxEntries: 1000, maxBytes: 10 * 1024 * 1024, maxPerSecond: 1000 },
  })
  return { db, journal, events, done }
}

describe('the request journal written in the background', () => {
  it('writes a burst of queued entries in slices of 25, letting answers go out between slices', async () => {
    const { db, journal, events, done } = journalWatched()
    for (let n = 0; n < 100; n++) journal.record(entry(n))
    await done
    expect(events).toEqual(['write 25', 'answer', 'write 25', 'answer', 'write 25', 'answer', 'write 25'])
    expect(db.prepare("SELECT count(*) AS n FROM request_journal WHERE request_id LIKE 'slice-%'").get()).toEqual({ n: 100 })
  })

  it('writes everything queued at once before a read, as a read must see every request before it', async () => {
    const { journal, events } = journalWatched()
    for (let n = 0; n < 60; n++) journal.record(entry(n))
    const page = journal.recent({ scope: { partnerUniqueID: PARTNER_A, brokerId: null, partnerLevel: true } }, 100)
    expect(events).toEqual(['write 60'])
    expect(page).toHaveLength(60)
  })
})
