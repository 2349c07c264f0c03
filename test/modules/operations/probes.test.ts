import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testConfig } from '../../../src/platform/config.ts'
import { latestMigration } from '../../../src/db/migrate.ts'
import { NO_BODY } from '../../../src/http/body/body-limit.ts'
import { routeBodyRule } from '../../../src/app/route-bodies.ts'
import { startServer } from '../../../src/app/server.ts'
import { createTestSandbox, PARTNER_A } from '../../support/test-app.ts'
import { tempDir } from '../../support/temp-dir.ts'

describe('GET /livez', () => {
  it('answers 200 while the process turns, whatever the readiness', async () => {
    const s = await createTestSandbox()
    const res = await s.call('GET', '/livez', { token: null })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'alive' })
  })
})

describe('GET /readyz', () => {
  it('answers 503 naming the workers before they run, 200 once they do, 503 naming the drain while the sandbox stops', async () => {
    const s = await createTestSandbox()
    const before = await s.call('GET', '/readyz', { token: null })
    expect(before.status).toBe(503)
    expect(before.headers.get('retry-after')).toBe('5')
    expect(before.json).toMatchObject({ status: 'not ready', notReady: ['workers'], checks: { database: 'ok', migrations: 'ok', draining: 'ok' } })

    s.services.workers.start()
    try {
      const ready = await s.call('GET', '/readyz', { token: null })
      expect(ready.status).toBe(200)
      expect(ready.json).toEqual({ status: 'ready', notReady: [], checks: { database: 'ok', migrations: 'ok', workers: 'ok', draining: 'ok' } })

      // What the server's stop sets first (server.ts): the drain.
      s.services.drain.start()
      const draining = await s.call('GET', '/readyz', { token: null })
      expect(draining.status).toBe(503)
      expect(draining.json.notReady).toEqual(['draining'])
      expect(draining.json.checks.draining).toBe('the sandbox is stopping')
    } finally {
      await s.services.workers.stop(0)
    }
  })

  it('answers 503 naming the migrations when the database lacks the newest one this version ships', async () => {
    const s = await createTestSandbox()
    s.services.workers.start()
    try {
      s.db.prepare('DELETE FROM schema_migration WHERE version = ?').run(latestMigration())
      const res = await s.call('GET', '/readyz', { token: null })
      expect(res.status).toBe(503)
      expect(res.json.notReady).toEqual(['migrations'])
      expect(res.json.checks.migrations).toMatch(new RegExp(`^migration ${latestMigration()} not applied`))
    } finally {
      await s.services.workers.stop(0)
    }
  })

  it('answers 503 naming the database when its connection is closed', async () => {
    const s = await createTestSandbox()
    s.db.close()
    const res = await s.call('GET', '/readyz', { token: null })
    expect(res.status).toBe(503)
    expect(res.json.notReady).toContain('database')
    expect(res.json.checks.database).toBe('the database connection is closed')
  })

  it('is ready at the first request a started server answers: it listens only once the migrations are applied and starts its workers before any request is read', async () => {
    const dir = tempDir('readyz-start')
    const server = await startServer(testConfig({ port: 0, host: '127.0.0.1', dbPath: join(dir, 'sandbox.db') }))
    try {
      const res = await fetch(`${server.url}/readyz`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ status: 'ready', checks: { migrations: 'ok', database: 'ok', workers: 'ok' } })
    } finally {
      await server.close()
    }
  })
})

describe('the four questions of the operations routes', () => {
  it.each(['/livez', '/readyz', '/metrics'])('%s reads no body: GET takes the no-body rule', (path) => {
    expect(routeBodyRule('GET', path)).toEqual(NO_BODY)
  })

  it('are neither throttled nor charged to a partner: a probe every few milliseconds leaves the partner its whole budget', async () => {
    // One token a request whatever its time (cost 60 s), so the count alone decides.
    const s = await createTestSandbox({ rateLimit: { perSecond: 0.01, burst: 2 }, fairShare: { costMs: 60_000, concurrency: null } })
    for (let i = 0; i < 40; i += 1) {
      for (const path of ['/livez', '/readyz', '/metrics']) {
        const res = await s.call('GET', path, { token: null })
        expect(res.status, path).not.toBe(429)
      }
    }
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    // The partner's own third request is past its burst: the budget was whole, and is real.
    expect((await s.call('GET', '/v1/simulations')).status).toBe(429)
  })

  it('store nothing: no quota counter, journal entry or row moves', async () => {
    const s = await createTestSandbox()
    const state = () => ({
      usage: s.db.prepare('SELECT * FROM partner_usage WHERE partner_unique_id = ?').get(PARTNER_A),
      journal: s.db.prepare('SELECT COUNT(*) FROM request_journal').pluck().get(),
      pages: s.db.prepare('SELECT COUNT(*) FROM simulation').pluck().get(),
    })
    const before = state()
    for (const path of ['/livez', '/readyz', '/metrics']) await s.call('GET', path, { token: null })
    s.services.journal.flush()
    expect(state()).toEqual(before)
  })
})
