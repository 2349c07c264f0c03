import { describe, expect, it } from 'vitest'
import type { JournalRecord } from '../../../src/modules/certification/client-checks.ts'
import { FAULT_CHECKS, runFaultChecks, type FaultCheckId } from '../../../src/modules/certification/fault-checks.ts'

let seq = 0
const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, 0, ms)).toISOString()
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
  durationMs: 5,
  fault: null,
  ...overrides,
})
const judge = (records: JournalRecord[], id: FaultCheckId) => runFaultChecks([id], records)[0]!
const timedOutRead = (overrides: Partial<JournalRecord> = {}) =>
  record({ path: '/v1/processes/p1', fault: { kind: 'timeout', afterWrite: false }, status: 503, durationMs: 1000, ...overrides })
const committedCreate = (kind = 'timeout') => record({ method: 'POST', path: '/v1/simulations', status: 201, fault: { kind, afterWrite: true }, durationMs: 1000 })

describe('the checks of what a client did after a network fault', () => {
  it('leaves both not exercised when the partner never met a fault', () => {
    expect(runFaultChecks(FAULT_CHECKS, [record({}), record({ method: 'POST', status: 201 })]).map((o) => o.status)).toEqual(['not-exercised', 'not-exercised'])
  })

  it('passes a read retried after a backoff counted from the end of the fault', () => {
    const failed = timedOutRead({ at: at(0) })
    const retry = record({ path: '/v1/processes/p1', at: at(1000 + 400) })
    const outcome = judge([failed, retry], 'client-retries-reads-with-backoff')
    expect(outcome.status).toBe('passed')
    expect(outcome.evidence).toEqual([
      expect.objectContaining({ note: 'readFault', requestId: failed.requestId, values: { fault: 'timeout' } }),
      expect.objectContaining({ note: 'readRetried', requestId: retry.requestId, values: { waitedMs: 400, minimumMs: 200 } }),
    ])
  })

  it('fails a read retried at once, and one never retried', () => {
    const reset = timedOutRead({ fault: { kind: 'connection-reset', afterWrite: false }, durationMs: 2 })
    const atOnce = record({ path: '/v1/processes/p1', at: at(10) })
    expect(judge([reset, atOnce], 'client-retries-reads-with-backoff')).toMatchObject({
      status: 'failed',
      evidence: [{ note: 'readFault' }, { note: 'readRetried', values: { waitedMs: 8 } }],
    })
    expect(judge([timedOutRead(), record({ path: '/v1/simulations' })], 'client-retries-reads-with-backoff')).toMatchObject({
      status: 'failed',
      evidence: [{ note: 'readFaultNotRetried' }],
    })
  })

  it('does not judge a read whose fault carried an answer, nor a Create as a read', () => {
    const slow = timedOutRead({ fault: { kind: 'slow-body', afterWrite: true } })
    expect(judge([slow], 'client-retries-reads-with-backoff').status).toBe('not-exercised')
    expect(judge([committedCreate()], 'client-retries-reads-with-backoff').status).toBe('not-exercised')
  })

  it('passes a client that looks the record up (List or Detail) before creating again', () => {
    const create = committedCreate()
    const list = record({ at: at(1500) })
    const again = record({ method: 'POST', path: '/v1/simulations', status: 201, at: at(2000) })
    expect(judge([create, list, again], 'client-finds-before-recreating')).toMatchObject({
      status: 'passed',
      evidence: [
        { note: 'createFaultCommitted', requestId: create.requestId },
        { note: 'lookedUpAfterFault', requestId: list.requestId },
      ],
    })
    const detail = record({ path: '/v1/simulations/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', at: at(1500) })
    expect(judge([committedCreate('connection-reset'), detail], 'client-finds-before-recreating').status).toBe('passed')
  })

  it('fails, with the duplicate as evidence, a client that creates again before looking', () => {
    const create = committedCreate()
    const duplicate = record({ method: 'POST', path: '/v1/simulations', status: 201, at: at(1200) })
    const outcome = judge([create, duplicate, record({ at: at(3000) })], 'client-finds-before-recreating')
    expect(outcome).toMatchObject({
      status: 'failed',
      evidence: [
        { note: 'createFaultCommitted', requestId: create.requestId, values: { fault: 'timeout' } },
        { note: 'createdAgainUnlooked', requestId: duplicate.requestId, request: 'POST /v1/simulations' },
      ],
    })
  })

  it('does not judge a Create whose fault came before the write, or a client that did nothing after it', () => {
    const notWritten = record({ method: 'POST', path: '/v1/simulations', status: 503, fault: { kind: 'timeout', afterWrite: false } })
    expect(judge([notWritten, record({ method: 'POST', path: '/v1/simulations' })], 'client-finds-before-recreating').status).toBe('not-exercised')
    expect(judge([committedCreate()], 'client-finds-before-recreating')).toMatchObject({ status: 'not-exercised', evidence: [{ note: 'noCallAfter' }] })
  })

  it("leaves out the console's own calls", () => {
    expect(judge([timedOutRead({ origin: 'console' })], 'client-retries-reads-with-backoff').status).toBe('not-exercised')
  })
})

describe('the order the fault checks read', () => {
  it('judges by arrival: a Create held by its fault ends, and is journaled, after the duplicate its client sent meanwhile', () => {
    const create = committedCreate()
    const duplicate = record({ method: 'POST', path: '/v1/simulations', status: 201, at: at(300) })
    expect(judge([duplicate, create], 'client-finds-before-recreating').status).toBe('failed')
  })
})
