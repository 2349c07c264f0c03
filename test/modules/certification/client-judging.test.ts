import { describe, expect, it } from 'vitest'
import { CLIENT_CHECKS, runClientChecks, type JournalRecord } from '../../../src/modules/certification/client-checks.ts'

let seq = 0
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, seconds)).toISOString()
const record = (overrides: Partial<JournalRecord>): JournalRecord => ({
  requestId: `r${++seq}`,
  at: at(0),
  method: 'GET',
  path: '/v1/simulations',
  query: null,
  status: 200,
  errors: null,
  tokenId: 't1',
  retryAfter: null,
  requestHeaders: { 'accept-language': 'pt-PT' },
  requestBody: null,
  responseBody: null,
  origin: 'api',
  ...overrides,
})
const statusOf = (records: JournalRecord[], id: (typeof CLIENT_CHECKS)[number]) => runClientChecks([id], records, [])[0]!

describe('the client checks over journal records', () => {
  it('leaves every check not exercised on an empty journal', () => {
    expect(runClientChecks(CLIENT_CHECKS, [], []).map((o) => o.status)).toEqual(CLIENT_CHECKS.map(() => 'not-exercised'))
  })

  it("leaves out the console's own calls by their recorded origin, and judges any other call whatever its User-Agent", () => {
    const console = { 'user-agent': 'mortgage-sandbox-console/0.2.0 (try it)' }
    const byConsole = record({ origin: 'console', requestHeaders: console })
    expect(statusOf([byConsole], 'client-sends-accept-language').status).toBe('not-exercised')
    const posing = record({ origin: 'api', requestHeaders: console })
    expect(statusOf([posing], 'client-sends-accept-language')).toMatchObject({ status: 'failed', evidence: [expect.objectContaining({ requestId: posing.requestId })] })
  })

  it('reads a Retry-After given as an HTTP date against the refusal time', () => {
    const refused = record({ status: 503, at: at(0), retryAfter: new Date(Date.parse(at(20))).toUTCString() })
    expect(statusOf([refused, record({ at: at(10) })], 'client-honours-retry-after-503').status).toBe('failed')
    expect(statusOf([refused, record({ at: at(20) })], 'client-honours-retry-after-503').status).toBe('passed')
  })

  it('judges a retry by its operation: another operation in between is no retry', () => {
    const refused = record({ status: 429, path: '/v1/simulations/3f2b8c1e-9a4d-4e7f-b6a5-0c1d2e3f4a5b', retryAfter: '10' })
    const other = record({ path: '/v1/processes', at: at(1) })
    const retry = record({ path: '/v1/simulations/3f2b8c1e-9a4d-4e7f-b6a5-0c1d2e3f4a5b', at: at(10) })
    expect(statusOf([refused, other, retry], 'client-honours-retry-after-429').status).toBe('passed')
  })

  it('fails a request sent without Accept-Language, citing it', () => {
    const outcome = statusOf([record({}), record({ requestHeaders: {} })], 'client-sends-accept-language')
    expect(outcome.status).toBe('failed')
    expect(outcome.evidence).toEqual([expect.objectContaining({ note: 'noAcceptLanguage', requestId: `r${seq}` })])
  })

  it('fails a field the document does not have (010108, unknown field), naming it', () => {
    const refused = record({
      method: 'POST',
      status: 400,
      requestBody: '{}',
      errors: [
        {
          errorCode: '010108',
          errorField: 'borrowersSimulator.numberOfBorrowers',
          errorMessage: 'O campo borrowersSimulator.numberOfBorrowers não se aplica: não é um campo deste grupo (atenção às maiúsculas).',
        },
      ],
    })
    const outcome = statusOf([refused], 'client-sends-only-documented-fields')
    expect(outcome.status).toBe('failed')
    expect(outcome.evidence[0]!.values).toEqual({ fields: 'borrowersSimulator.numberOfBorrowers' })
  })

  it('counts identical refusals by method, path and body: two are allowed, a third fails', () => {
    const bad = () => record({ method: 'POST', status: 400, requestBody: '{"a":1}' })
    expect(statusOf([bad(), bad()], 'client-fixes-refused-requests').status).toBe('not-exercised')
    expect(statusOf([bad(), bad(), bad()], 'client-fixes-refused-requests').status).toBe('failed')
  })

  it('fails a decision delivered but never followed by a read of the process', () => {
    const outcome = runClientChecks(['journey-decision-followed'], [record({})], [{ notificationId: 'msg_1', processUniqueId: 'p1', deliveredAt: at(5) }])[0]!
    expect(outcome.status).toBe('failed')
    expect(outcome.evidence.map((e) => e.note)).toEqual(['decisionDelivered', 'processNotReadAfterDecision'])
  })
})
