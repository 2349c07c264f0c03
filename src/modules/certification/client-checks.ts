/**
 * The certification's client behaviour checks: what a partner's client did, judged from its request
 * journal over a window. Pure functions over the journal's records, no I/O; each check says passed,
 * failed or not exercised, with the records that prove it.
 */

export type CheckStatus = 'passed' | 'failed' | 'not-exercised'

export const CLIENT_CHECKS = [
  'client-reauthenticates',
  'client-honours-retry-after-429',
  'client-honours-retry-after-503',
  'client-pages-lists',
  'client-fixes-refused-requests',
  'client-sends-accept-language',
  'client-sends-only-documented-fields',
  'journey-simulation-eligible',
  'journey-simulation-not-eligible',
  'journey-process-submitted',
  'journey-decision-followed',
] as const
export type ClientCheckId = (typeof CLIENT_CHECKS)[number]

/** One journaled request, as the checks read it. */
export interface JournalRecord {
  requestId: string
  at: string
  method: string
  path: string
  query: string | null
  status: number
  errors: Array<{ errorCode: string; errorField: string; errorMessage: string }> | null
  tokenId: string | null
  retryAfter: string | null
  requestHeaders: Record<string, string>
  requestBody: string | null
  responseBody: string | null
  /**
   * Who made the request, as the sandbox recorded it: `console` for the console's "try it" calls,
   * which are the sandbox's own and never judged; anything else is the partner's client, whatever
   * its User-Agent says.
   */
  origin: 'api' | 'console'
  /** How long the sandbox took over it, from its arrival (`at`). */
  durationMs?: number
  /** The network fault it was answered with, if any, and whether the operation ran first. */
  fault?: { kind: string; afterWrite: boolean } | null
}

/** A decision notification (type 9) the partner's server accepted. */
export interface DeliveredDecision {
  notificationId: string
  processUniqueId: string
  deliveredAt: string
}

/** A fact a check rests on: a request of the journal or a delivery, and what it shows (a note key with its values). */
export interface Evidence {
  note: string
  values?: Record<string, string | number>
  requestId?: string
  notificationId?: string
  at?: string
  request?: string
  status?: number
}

export interface CheckOutcome<Id extends string = ClientCheckId> {
  id: Id
  status: CheckStatus
  evidence: Evidence[]
}

const EXPIRED_TOKEN = '010502'
const FIELD_NOT_ALLOWED = '010108'
/** The unknown-field refusal of 010108, in both languages of the error catalogue. */
const UNKNOWN_FIELD = /não é um campo deste grupo|is not a field of this group/
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
/** The most a check cites of a kind of evidence: enough to find the pattern, not the whole journal. */
const MAX_EVIDENCE = 5

const ms = (iso: string) => Date.parse(iso)
/** A journal record as evidence: its id, time, request and status, with a note. */
export const cite = (r: JournalRecord, note: string, values?: Evidence['values']): Evidence => ({
  note,
  ...(values ? { values } : {}),
  requestId: r.requestId,
  at: r.at,
  request: `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`,
  status: r.status,
})
/** The operation of a request: its method and path with the ids taken out. */
const operationOf = (r: JournalRecord) => `${r.method} ${r.path.replace(UUID, '{id}')}`
const outcome = (id: ClientCheckId, status: CheckStatus, evidence: Evidence[] = []): CheckOutcome => ({ id, status, evidence: evidence.slice(0, MAX_EVIDENCE * 2) })
const json = (text: string | null): Record<string, any> | undefined => {
  if (!text) return undefined
  try {
    return JSON.parse(text) as Record<string, any>
  } catch {
    return undefined
  }
}

/** Retry-After in seconds: delta-seconds, or an HTTP date relative to the refusal. */
function retryAfterSeconds(value: string, refusedAt: string): number | undefined {
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, (date - ms(refusedAt)) / 1000)
}

function reauthenticates(records: JournalRecord[]): CheckOutcome {
  const refused = records.filter((r) => r.status === 401 && r.errors?.some((e) => e.errorCode === EXPIRED_TOKEN))
  if (refused.length === 0) return outcome('client-reauthenticates', 'not-exercised')
  const good: Evidence[] = []
  const bad: Evidence[] = []
  const position = new Map(records.map((r, index) => [r, index]))
  // The first refusals are enough to judge a client that loops on them.
  for (const r of refused.slice(0, 50)) {
    const later = records.slice(position.get(r)! + 1)
    const reused = later.find((x) => x.tokenId !== null && x.tokenId === r.tokenId)
    const renewed = later.find((x) => x.tokenId !== null && x.tokenId !== r.tokenId)
    if (reused) bad.push(cite(r, 'expiredRefusal'), cite(reused, 'sameTokenAgain'))
    else if (renewed) good.push(cite(r, 'expiredRefusal'), cite(renewed, 'newToken'))
  }
  if (bad.length > 0) return outcome('client-reauthenticates', 'failed', bad)
  return good.length > 0
    ? outcome('client-reauthenticates', 'passed', good)
    : outcome(
        'client-reauthenticates',
        'not-exercised',
        refused.slice(0, 1).map((r) => cite(r, 'noCallAfter')),
      )
}

/** For each record, the next record of the same operation (or one meeting `accepts`), in one pass from the end. */
function nextOfSameOperation(records: JournalRecord[], accepts: (r: JournalRecord) => boolean = () => true): Array<JournalRecord | undefined> {
  const next: Array<JournalRecord | undefined> = new Array(records.length)
  const seen = new Map<string, JournalRecord>()
  for (let index = records.length - 1; index >= 0; index -= 1) {
    const r = records[index]!
    const operation = operationOf(r)
    next[index] = seen.get(operation)
    if (accepts(r)) seen.set(operation, r)
  }
  return next
}

function honoursRetryAfter(records: JournalRecord[], status: 429 | 503): CheckOutcome {
  const id = status === 429 ? 'client-honours-retry-after-429' : 'client-honours-retry-after-503'
  const good: Evidence[] = []
  const bad: Evidence[] = []
  const next = nextOfSameOperation(records)
  records.forEach((r, index) => {
    if (r.status !== status || !r.retryAfter) return
    const seconds = retryAfterSeconds(r.retryAfter, r.at)
    if (seconds === undefined) return
    const retry = next[index]
    if (!retry) return
    const waited = (ms(retry.at) - ms(r.at)) / 1000
    // A tenth of a second of slack: the refusal's own time on the wire and the clocks' rounding.
    const evidence = [cite(r, 'refusedWithRetryAfter', { seconds }), cite(retry, 'retriedAfter', { waited: Math.round(waited * 10) / 10, seconds })]
    if (waited + 0.1 < seconds) bad.push(...evidence)
    else good.push(...evidence)
  })
  if (bad.length > 0) return outcome(id, 'failed', bad)
  return outcome(id, good.length > 0 ? 'passed' : 'not-exercised', good)
}

function pagesLists(records: JournalRecord[]): CheckOutcome {
  const paged = records.filter((r) => r.method === 'GET' && r.query !== null && /(^|&)nextRecord=/.test(r.query))
  const walked = paged.filter((r) => r.status === 200)
  if (walked.length > 0)
    return outcome(
      'client-pages-lists',
      'passed',
      walked.map((r) => cite(r, 'nextPage')),
    )
  if (paged.length > 0)
    return outcome(
      'client-pages-lists',
      'failed',
      paged.map((r) => cite(r, 'nextPageRefused')),
    )
  const more = records.filter((r) => r.method === 'GET' && r.status === 200 && json(r.responseBody)?.hasMoreResults === true)
  return outcome(
    'client-pages-lists',
    'not-exercised',
    more.slice(0, 1).map((r) => cite(r, 'moreNotRead')),
  )
}

function fixesRefusedRequests(records: JournalRecord[]): CheckOutcome {
  const refused = records.filter((r) => r.status === 400)
  const groups = new Map<string, JournalRecord[]>()
  for (const r of refused) {
    const key = `${r.method} ${r.path} ${r.requestBody ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  const repeated = [...groups.values()].filter((g) => g.length > 2)
  if (repeated.length > 0) {
    return outcome(
      'client-fixes-refused-requests',
      'failed',
      repeated.flatMap((g) => g.map((r) => cite(r, 'identicalRefusal', { times: g.length }))),
    )
  }
  const validated = records.filter((r) => r.path === '/v1/simulations/validate')
  const fixed: Evidence[] = []
  const nextAccepted = nextOfSameOperation(records, (x) => x.status < 300)
  records.forEach((r, index) => {
    if (r.status !== 400) return
    const accepted = nextAccepted[index]
    if (accepted) fixed.push(cite(r, 'refusedFields', { fields: (r.errors ?? []).map((e) => e.errorField).join(', ') }), cite(accepted, 'acceptedAfterChange'))
  })
  if (fixed.length > 0 || validated.length > 0) return outcome('client-fixes-refused-requests', 'passed', [...fixed, ...validated.slice(0, 1).map((r) => cite(r, 'validated'))])
  return outcome('client-fixes-refused-requests', 'not-exercised')
}

function sendsAcceptLanguage(records: JournalRecord[]): CheckOutcome {
  if (records.length === 0) return outcome('client-sends-accept-language', 'not-exercised')
  const without = records.filter((r) => !r.requestHeaders['accept-language'])
  if (without.length > 0)
    return outcome(
      'client-sends-accept-language',
      'failed',
      without.map((r) => cite(r, 'noAcceptLanguage')),
    )
  return outcome('client-sends-accept-language', 'passed', [cite(records[0]!, 'acceptLanguage', { value: records[0]!.requestHeaders['accept-language']! })])
}

function sendsOnlyDocumentedFields(records: JournalRecord[]): CheckOutcome {
  const unknown = records.filter((r) => r.errors?.some((e) => e.errorCode === FIELD_NOT_ALLOWED && UNKNOWN_FIELD.test(e.errorMessage)))
  if (unknown.length > 0) {
    return outcome(
      'client-sends-only-documented-fields',
      'failed',
      unknown.map((r) =>
        cite(r, 'unknownField', {
          fields: r
            .errors!.filter((e) => UNKNOWN_FIELD.test(e.errorMessage))
            .map((e) => e.errorField)
            .join(', '),
        }),
      ),
    )
  }
  const withBodies = records.filter((r) => r.requestBody !== null && r.requestBody.startsWith('{'))
  return outcome(
    'client-sends-only-documented-fields',
    withBodies.length > 0 ? 'passed' : 'not-exercised',
    withBodies.slice(0, 1).map((r) => cite(r, 'documentedFields', { count: withBodies.length })),
  )
}

function simulationJourney(records: JournalRecord[], eligible: boolean): CheckOutcome {
  const id = eligible ? 'journey-simulation-eligible' : 'journey-simulation-not-eligible'
  const created = records.filter((r) => r.method === 'POST' && r.path === '/v1/simulations' && r.status === 201 && json(r.responseBody)?.additionalData?.elegibility === eligible)
  return outcome(
    id,
    created.length > 0 ? 'passed' : 'not-exercised',
    created.slice(0, 1).map((r) => cite(r, eligible ? 'eligibleCreated' : 'notEligibleCreated')),
  )
}

function processSubmitted(records: JournalRecord[]): CheckOutcome {
  const submitted = records.filter((r) => r.method === 'POST' && /^\/v1\/processes\/[^/]+\/submit$/.test(r.path) && r.status === 200)
  return outcome(
    'journey-process-submitted',
    submitted.length > 0 ? 'passed' : 'not-exercised',
    submitted.slice(0, 1).map((r) => cite(r, 'submitted')),
  )
}

function decisionFollowed(records: JournalRecord[], decisions: DeliveredDecision[]): CheckOutcome {
  if (decisions.length === 0) return outcome('journey-decision-followed', 'not-exercised')
  const good: Evidence[] = []
  const bad: Evidence[] = []
  for (const d of decisions) {
    const read = records.find((r) => r.method === 'GET' && r.path === `/v1/processes/${d.processUniqueId}` && r.status === 200 && ms(r.at) >= ms(d.deliveredAt))
    const delivered: Evidence = { note: 'decisionDelivered', notificationId: d.notificationId, at: d.deliveredAt, values: { processUniqueId: d.processUniqueId } }
    if (read) good.push(delivered, cite(read, 'processReadAfterDecision'))
    else bad.push(delivered, { ...delivered, note: 'processNotReadAfterDecision' })
  }
  if (good.length > 0) return outcome('journey-decision-followed', 'passed', good)
  return outcome('journey-decision-followed', 'failed', bad)
}

/** The request header a partner's client marks its requests with, so that a run judges them and nothing else. */
export const MARKER_HEADER = 'X-Sandbox-Certification' as const

/**
 * The records a run judges: when some carry the marker header with `marker` (any value for `*`),
 * those alone, and the marker they were chosen by; else every record, and no marker. So a person's
 * own calls in the window (curl without Accept-Language, a quick retry after a 429) are not the
 * client's once the client marks its requests.
 */
export function markedRecords(records: JournalRecord[], marker: string): { records: JournalRecord[]; marker: string | null } {
  const name = MARKER_HEADER.toLowerCase()
  const marked = records.filter((r) => {
    const value = r.requestHeaders[name]
    return value !== undefined && (marker === '*' || value.trim() === marker)
  })
  return marked.length > 0 ? { records: marked, marker } : { records, marker: null }
}

/**
 * Runs the client checks asked over the partner client's records of the bank's API (`/v1`) in a
 * window, oldest first: the console's own calls (origin `console`) are left out.
 */
export function runClientChecks(ids: readonly ClientCheckId[], records: JournalRecord[], decisions: DeliveredDecision[]): CheckOutcome[] {
  const api = records.filter((r) => r.origin !== 'console' && r.path.startsWith('/v1/'))
  const run: Record<ClientCheckId, () => CheckOutcome> = {
    'client-reauthenticates': () => reauthenticates(api),
    'client-honours-retry-after-429': () => honoursRetryAfter(api, 429),
    'client-honours-retry-after-503': () => honoursRetryAfter(api, 503),
    'client-pages-lists': () => pagesLists(api),
    'client-fixes-refused-requests': () => fixesRefusedRequests(api),
    'client-sends-accept-language': () => sendsAcceptLanguage(api),
    'client-sends-only-documented-fields': () => sendsOnlyDocumentedFields(api),
    'journey-simulation-eligible': () => simulationJourney(api, true),
    'journey-simulation-not-eligible': () => simulationJourney(api, false),
    'journey-process-submitted': () => processSubmitted(api),
    'journey-decision-followed': () => decisionFollowed(api, decisions),
  }
  return ids.map((id) => run[id]())
}
