import { cite, type CheckOutcome, type CheckStatus, type Evidence, type JournalRecord } from './client-checks.ts'

/**
 * The certification's checks of what a partner's client did after a network fault (docs/design.md
 * "Network faults"), read from the faults its journal names. Pure functions, like client-checks.ts.
 */
export const FAULT_CHECKS = ['client-retries-reads-with-backoff', 'client-finds-before-recreating'] as const
export type FaultCheckId = (typeof FAULT_CHECKS)[number]

/** Faults after which the client got no answer at all: a read is to be tried again. */
const NO_ANSWER = new Set(['connection-reset', 'empty-reply', 'timeout'])
/** Faults after which the client could not read what a Create made (all but the slow, whole answer). */
const ANSWER_LOST = new Set(['connection-reset', 'empty-reply', 'timeout', 'truncated-body', 'malformed-json', 'gateway-502', 'gateway-504'])
/** The Creates whose record a client can look up: the collection's POST. */
const CREATES = new Set(['/v1/simulations', '/v1/processes'])
/** A retry begun sooner than this after the failure ended is immediate: no backoff. */
export const MIN_BACKOFF_MS = 200
/** The first faults are enough to judge a client that loops on them. */
const MAX_JUDGED = 50

const ms = (iso: string) => Date.parse(iso)
const outcome = (id: FaultCheckId, status: CheckStatus, evidence: Evidence[] = []): CheckOutcome<FaultCheckId> => ({ id, status, evidence: evidence.slice(0, 10) })
const verdict = (id: FaultCheckId, good: Evidence[], bad: Evidence[], unjudged: Evidence[]) =>
  bad.length > 0 ? outcome(id, 'failed', bad) : good.length > 0 ? outcome(id, 'passed', good) : outcome(id, 'not-exercised', unjudged.slice(0, 1))

/** After a reset, an empty reply or a timeout on a GET: the same request again, not at once and not never. */
function retriesReadsWithBackoff(records: JournalRecord[]): CheckOutcome<FaultCheckId> {
  const good: Evidence[] = []
  const bad: Evidence[] = []
  const failed = records.flatMap((r, index) => (r.method === 'GET' && r.fault && NO_ANSWER.has(r.fault.kind) ? [index] : [])).slice(0, MAX_JUDGED)
  for (const index of failed) {
    const r = records[index]!
    const fault = r.fault!.kind
    const retry = records.slice(index + 1).find((x) => x.method === r.method && x.path === r.path && x.query === r.query)
    if (!retry) {
      bad.push(cite(r, 'readFaultNotRetried', { fault }))
      continue
    }
    const waitedMs = Math.round(ms(retry.at) - (ms(r.at) + (r.durationMs ?? 0)))
    const evidence = [cite(r, 'readFault', { fault }), cite(retry, 'readRetried', { waitedMs, minimumMs: MIN_BACKOFF_MS })]
    if (waitedMs < MIN_BACKOFF_MS) bad.push(...evidence)
    else good.push(...evidence)
  }
  return verdict('client-retries-reads-with-backoff', good, bad, [])
}

/** After a fault on a Create whose write was committed: the record looked up (List or Detail) before the next Create. */
function findsBeforeRecreating(records: JournalRecord[]): CheckOutcome<FaultCheckId> {
  const good: Evidence[] = []
  const bad: Evidence[] = []
  const unjudged: Evidence[] = []
  const committed = records
    .flatMap((r, index) => (r.method === 'POST' && CREATES.has(r.path) && r.fault?.afterWrite === true && ANSWER_LOST.has(r.fault.kind) ? [index] : []))
    .slice(0, MAX_JUDGED)
  for (const index of committed) {
    const r = records[index]!
    const fault = r.fault!.kind
    const later = records.slice(index + 1)
    const again = later.findIndex((x) => x.method === 'POST' && x.path === r.path)
    const lookup = later.findIndex((x) => x.method === 'GET' && (x.path === r.path || x.path.startsWith(`${r.path}/`)))
    if (again >= 0 && (lookup < 0 || lookup > again)) bad.push(cite(r, 'createFaultCommitted', { fault }), cite(later[again]!, 'createdAgainUnlooked'))
    else if (lookup >= 0) good.push(cite(r, 'createFaultCommitted', { fault }), cite(later[lookup]!, 'lookedUpAfterFault'))
    else unjudged.push(cite(r, 'noCallAfter'))
  }
  return verdict('client-finds-before-recreating', good, bad, unjudged)
}

/**
 * Runs the fault checks asked over the partner client's records of the bank's API (the console's own
 * calls left out), in the order the requests arrived: the journal keeps them in the order they ended,
 * and a held fault ends after the requests its client sent meanwhile.
 */
export function runFaultChecks(ids: readonly FaultCheckId[], records: JournalRecord[]): CheckOutcome<FaultCheckId>[] {
  const api = records.filter((r) => r.origin !== 'console' && r.path.startsWith('/v1/')).sort((a, b) => ms(a.at) - ms(b.at))
  const run: Record<FaultCheckId, () => CheckOutcome<FaultCheckId>> = {
    'client-retries-reads-with-backoff': () => retriesReadsWithBackoff(api),
    'client-finds-before-recreating': () => findsBeforeRecreating(api),
  }
  return ids.map((id) => run[id]())
}
