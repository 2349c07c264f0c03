import { serve, type ServerType } from '@hono/node-server'
import newman from 'newman'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postmanCollections } from '../scripts/postman-collection.ts'
import { loadConfig } from '../src/platform/config.ts'
import { openApiDocuments } from '../src/app/openapi-document.ts'
import { createTestSandbox, type TestSandbox } from './support/test-app.ts'

const committed = { bank: JSON.parse(readFileSync('contracts/postman.json', 'utf8')), sandbox: JSON.parse(readFileSync('contracts/postman-sandbox.json', 'utf8')) }

interface Served {
  s: TestSandbox
  server: ServerType
  baseUrl: string
}

async function served(s: TestSandbox): Promise<Served> {
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening))
  })
  return { s, server, baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}` }
}

/** The hosted sandbox as an operator runs it (SANDBOX_MODE=hosted: fair share, quotas, no demo logins), sign-up open. */
function hostedConfig() {
  const config = loadConfig({
    SANDBOX_MODE: 'hosted',
    SANDBOX_SIGNUP: 'open',
    SANDBOX_OPERATOR_TOKEN: 'operator-token-of-the-postman-test-0123456789',
    SANDBOX_SECRETS_KEY: 'secrets-key-of-the-postman-test-0123456789abcdef',
    SANDBOX_DB: ':memory:',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    PORT: '0',
  })
  // A cheap password hash: the test logs in, it does not guard anything.
  return { ...config, passwordCost: { N: 2 ** 12, r: 8, p: 1 } }
}

let local: Served
let hosted: Served

beforeAll(async () => {
  local = await served(await createTestSandbox())
  hosted = await served(await createTestSandbox(hostedConfig()))
}, 60_000)
afterAll(async () => {
  for (const { server } of [local, hosted]) await new Promise<void>((resolve) => server.close(() => resolve()))
})

function run(collection: unknown, variables: Record<string, string>): Promise<newman.NewmanRunSummary> {
  const envVar = Object.entries(variables).map(([key, value]) => ({ key, value }))
  return new Promise((resolve, reject) => newman.run({ collection: collection as never, envVar, reporters: [] }, (error, summary) => (error ? reject(error) : resolve(summary))))
}

/** Each failed assertion or request, named, so a failing run says what to fix. */
const failures = (summary: newman.NewmanRunSummary) => summary.run.failures.map((f) => `${f.source?.name}: ${f.error?.name} ${f.error?.message}`)
const assertions = (summary: newman.NewmanRunSummary) => summary.run.stats.assertions.total

/** The collection's requests, however deep the folders. */
function requests(node: any): any[] {
  return node.request ? [node] : (node.item ?? []).flatMap(requests)
}

describe('the Postman collections', () => {
  it('are current: contracts/postman.json and contracts/postman-sandbox.json are what the documents give (npm run postman)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(postmanCollections(openApiDocuments()))))
  })

  it('are served at /postman.json and /postman/sandbox.json without a token, baseUrl the host they were asked on', async () => {
    for (const [path, collection] of [
      ['/postman.json', committed.bank],
      ['/postman/sandbox.json', committed.sandbox],
    ] as const) {
      const res = await fetch(`${local.baseUrl}${path}`)
      expect(res.status).toBe(200)
      const body = (await res.json()) as any
      expect(body.variable.find((v: any) => v.key === 'baseUrl').value).toBe(local.baseUrl)
      expect({ ...body, variable: undefined }).toEqual({ ...collection, variable: undefined })
    }
  })

  it("sends Accept-Language on every request, has tests on every request, and nothing destructive or administrative in the partner's", () => {
    for (const collection of [committed.bank, committed.sandbox]) {
      for (const item of requests(collection)) {
        expect(
          item.request.header.map((h: any) => h.key),
          item.name,
        ).toContain('Accept-Language')
        expect(item.event.find((e: any) => e.listen === 'test').script.exec.length, item.name).toBeGreaterThan(2)
      }
    }
    const urls = requests(committed.bank).map((item) => `${item.request.method} ${item.request.url.raw}`)
    expect(urls.filter((url) => /\/sandbox\/|\/callbacks\/\{\{notificationType|\/\/|POST .*\/reset/.test(url.replace('{{baseUrl}}/', '')))).toEqual([])
    expect(urls.filter((url) => url.startsWith('DELETE')).every((url) => /processes\/\{\{processUniqueId\}\}$|simulations\/\{\{spareSimulationUniqueId\}\}$/.test(url))).toBe(true)
    for (const item of requests(committed.sandbox)) expect(`${item.request.method} ${item.request.url.raw}`).not.toMatch(/reset|account\/users|operator|clock\/advance/)
  })

  it('runs with Newman against a fresh local sandbox: 0 failures, at least 150 assertions; the certification finds Accept-Language on every request', async () => {
    const since = local.s.clock.now().toISOString()
    const summary = await run(committed.bank, { baseUrl: local.baseUrl })
    expect(failures(summary)).toEqual([])
    expect(assertions(summary)).toBeGreaterThanOrEqual(150)
    const started = await local.s.call('POST', '/sandbox/certification/runs', { body: { checks: ['client-sends-accept-language'], since } })
    expect(started.status, started.text).toBe(202)
    await local.s.services.certification.idle()
    const certified = await local.s.call('GET', `/sandbox/certification/runs/${started.json.runId}`)
    expect(certified.json, certified.text).toMatchObject({ status: 'passed' })
  }, 120_000)

  it('runs with Newman as a partner signed up on a hosted sandbox with its default limits, twice in a row: 0 failures, no 429', async () => {
    // The hosted defaults, the fair share's included: nothing here eases them.
    expect(hosted.s.config.rateLimit).toEqual({ perSecond: 20, burst: 200 })
    expect(hosted.s.config.fairShare).toMatchObject({ costMs: 1, renders: { msPerSecond: 20, burstMs: 1500 } })
    const signup = await hosted.s.call('POST', '/sandbox/signup', { token: null, body: { partnerName: 'Casa Postman, Lda.', contactEmail: 'dev@casapostman.example' } })
    expect(signup.status, signup.text).toBe(201)
    const { username, password } = signup.json
    for (const round of [1, 2]) {
      const summary = await run(committed.bank, { baseUrl: hosted.baseUrl, username, password })
      const answers = summary.run.executions.map((e) => ({ name: e.item.name, status: e.response?.code, remaining: e.response?.headers.get('RateLimit-Remaining') }))
      expect(
        answers.filter((a) => a.status === 429),
        `round ${round}`,
      ).toEqual([])
      expect(failures(summary), `round ${round}`).toEqual([])
      expect(assertions(summary)).toBeGreaterThanOrEqual(150)
      // The partner's answers were counted (the health check and the logins are not the fair share's).
      expect(answers.filter((a) => a.remaining !== undefined).length, `round ${round}`).toBeGreaterThan(70)
    }
  }, 240_000)

  it("runs the sandbox's own collection against a local sandbox: 0 failures", async () => {
    const summary = await run(committed.sandbox, { baseUrl: local.baseUrl })
    expect(failures(summary)).toEqual([])
  }, 30_000)
})
