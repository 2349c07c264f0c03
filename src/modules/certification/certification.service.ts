import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import { wholePartner } from '../../db/broker-scope.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { CLIENT_CHECKS, MARKER_HEADER, markedRecords, runClientChecks, type ClientCheckId, type DeliveredDecision, type JournalRecord } from './client-checks.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { Logger } from '../../platform/logger.ts'
import type { CallbackProbe, CallbackService } from '../callbacks/index.ts'
import type { RequestJournalService } from '../journal/index.ts'
import { checkAdvice, checkName, goLiveAdvice, goLiveName, noteText, runSummary, type RunCounts } from './certification-texts.ts'
import type { CertificationRepository, CertificationWindow, RunStatus, StoredRun } from './certification.repository.ts'
import { FAULT_CHECKS, runFaultChecks, type FaultCheckId } from './fault-checks.ts'
import { FORMER_TIMELY_CHECK, GO_LIVE_HTTPS, RECEIVER_CHECKS, runReceiverChecks, type GoLiveOutcome, type ProbeEvidence, type ReceiverCheckId } from './receiver-checks.ts'
import type { ReportSigner } from './report-signature.ts'

export const ALL_CHECKS = [...RECEIVER_CHECKS, ...CLIENT_CHECKS, ...FAULT_CHECKS] as const
export type CheckId = (typeof ALL_CHECKS)[number]

/** The window a run reads when none is given: the last day, of real time. */
const DEFAULT_WINDOW_MS = 24 * 3600 * 1000

interface StoredOutcome {
  id: CheckId
  status: 'passed' | 'failed' | 'not-exercised'
  evidence: ProbeEvidence[]
}

export interface CertificationDeps {
  writes: Transactions
  repository: CertificationRepository
  clock: PartnerClock
  logger: Logger
  probe: Pick<CallbackProbe, 'targets' | 'sample' | 'send' | 'nowSeconds'>
  journal: Pick<RequestJournalService, 'window'>
  deliveries: Pick<CallbackService, 'deliveries'>
  signer: ReportSigner
  timeoutMs: number
  version: string
}

/**
 * When an attempt really went out: its `webhook-timestamp` (the real time, to the second, floored: a
 * read after the delivery is never before it), else its date on the partner's clock.
 */
function sentAt(attempt: { attemptedAt: string; requestHeaders: Record<string, string> | null }): string {
  const seconds = Number(attempt.requestHeaders?.['webhook-timestamp'])
  return Number.isSafeInteger(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : attempt.attemptedAt
}

/** A run's stored results: each check's outcome, and the go-live item after them (never a check: it fails no run). */
const checksOf = (results: unknown[] | null) => ((results ?? []) as Array<StoredOutcome | GoLiveOutcome>).filter((o): o is StoredOutcome => o.id !== GO_LIVE_HTTPS)
const goLiveOfRun = (results: unknown[] | null) => ((results ?? []) as Array<StoredOutcome | GoLiveOutcome>).filter((o): o is GoLiveOutcome => o.id === GO_LIVE_HTTPS)

const categoryOf = (id: string) => ((RECEIVER_CHECKS as readonly string[]).includes(id) || id === FORMER_TIMELY_CHECK ? 'receiver' : 'client')
const statusOf = (outcomes: StoredOutcome[]): RunStatus =>
  outcomes.some((o) => o.status === 'failed') ? 'failed' : outcomes.every((o) => o.status === 'passed') ? 'passed' : 'incomplete'

/** The checks a run was not asked for: a run of some checks says which it left out wherever it is shown. */
const leftOutOf = (run: Pick<StoredRun, 'checksAsked'>) => ALL_CHECKS.filter((id) => !run.checksAsked.includes(id))

/** A run's counts: how many of all the checks it ran, how each ended, which it left out. */
function runCounts(run: Pick<StoredRun, 'checksAsked'>, statuses: readonly string[]): RunCounts {
  const count = (status: string) => statuses.filter((s) => s === status).length
  return {
    run: run.checksAsked.length,
    inAll: ALL_CHECKS.length,
    passed: count('passed'),
    failed: count('failed'),
    notExercised: count('not-exercised'),
    running: count('running'),
    leftOut: leftOutOf(run),
  }
}

/** A run as the API answers it, in a language: each check's name, evidence sentences and advice, and what it left out. */
export function presentRun(run: StoredRun, lang: Lang) {
  const outcomes = checksOf(run.results)
  const byId = new Map(outcomes.map((o) => [o.id, o]))
  const checks = run.checksAsked.map((id) => {
    const o = byId.get(id as CheckId)
    const status: StoredOutcome['status'] | 'running' = o?.status ?? (run.status === 'running' ? 'running' : 'not-exercised')
    return {
      id: id as CheckId,
      name: checkName(id, lang),
      category: categoryOf(id) as 'receiver' | 'client',
      status,
      evidence: (o?.evidence ?? []).map(({ note, values, ...rest }) => ({ ...rest, text: noteText(note, values, lang) })),
      advice: status === 'passed' || status === 'running' ? null : checkAdvice(id, lang),
    }
  })
  return {
    runId: run.runId,
    status: run.status,
    summary: runSummary(
      runCounts(
        run,
        checks.map((c) => c.status),
      ),
      lang,
    ),
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    window: { from: run.windowFrom, to: run.windowTo, marker: run.windowMarker },
    checks,
    checksLeftOut: leftOutOf(run).map((id) => ({ id, name: checkName(id, lang) })),
    // What a run cannot fail and the bank still needs before production, shown apart from the checks.
    goLive: goLiveOfRun(run.results).map((item) => ({
      id: item.id,
      name: goLiveName(item.id, lang),
      status: item.status,
      evidence: item.evidence.map(({ note, values, ...rest }) => ({ ...rest, text: noteText(note, values, lang) })),
      advice: item.status === 'ready' ? null : goLiveAdvice(item.id, lang),
    })),
  }
}

/**
 * Partner certification (docs/design.md "Certification"): a run probes the partner's callback
 * receivers now and reads what its client did in a window of its journal, then keeps each check's
 * verdict with its evidence. A passed run can be exported as a report signed by the sandbox.
 */
export function createCertificationService(deps: CertificationDeps) {
  const { repository } = deps
  const inFlight = new Set<Promise<void>>()
  /** The runs under way, by id: what a stop past its bound must still finish itself. */
  const running = new Map<string, { runId: string; partnerUniqueID: string; checks: CheckId[] }>()
  /** Runs a stop finished as interrupted: their own ending, if it ever comes, writes nothing. */
  const abandoned = new Set<string>()
  const insert = deps.writes.transaction(repository.insert)
  const finish = deps.writes.transaction(repository.finish)
  const openWindow = deps.writes.transaction(repository.openWindow)
  // A run judges the integration, not the business: its window, its dates and its report are on the
  // real time, whatever the partner's test clock reads (docs/decisions/0310-the-clock-moves-business-not-transport.md).
  const realNow = () => deps.clock.machine.now().toISOString()

  // A run the process stopped under cannot be finished: it is failed, and says why.
  for (const run of repository.interrupted()) {
    finish({
      runId: run.runId,
      status: 'failed',
      windowTo: run.startedAt,
      finishedAt: run.startedAt,
      results: run.checksAsked.map((id) => ({ id, status: 'not-exercised', evidence: [{ note: 'interrupted' }] })),
    })
  }

  function records(partnerUniqueID: string, from: string, to: string): JournalRecord[] {
    // The console's "try it" calls are in the journal too (origin `console`): the checks leave them out.
    // Timings are judged on when the requests really came: an advance is no wait for a Retry-After.
    return deps.journal.window(partnerUniqueID, from, to).map((e) => ({ ...e, at: e.receivedAt, errors: e.errors as JournalRecord['errors'] }))
  }

  function decisions(partnerUniqueID: string, from: string): DeliveredDecision[] {
    // The partner's integration as a whole: every broker's decisions count.
    const { entries } = deps.deliveries.deliveries(wholePartner(partnerUniqueID), { lineCount: 100, status: 'delivered', notificationTypeId: 9 })
    return entries.flatMap((n) => {
      // The partner's receiver: at its registered address, or on its laptop through mortgage-sandbox listen.
      const accepted = n.attemptList.filter((a) => a.httpStatus !== null && a.httpStatus >= 200 && a.httpStatus < 300).at(-1)
      if (!accepted || !n.notification.processUniqueId) return []
      const deliveredAt = sentAt(accepted)
      if (deliveredAt < from) return []
      return [{ notificationId: n.notificationId, processUniqueId: n.notification.processUniqueId, deliveredAt }]
    })
  }

  async function execute(run: { runId: string; partnerUniqueID: string; windowFrom: string; checks: CheckId[]; marker: string }): Promise<void> {
    const receiverAsked = run.checks.filter((c): c is ReceiverCheckId => categoryOf(c) === 'receiver')
    const clientAsked = run.checks.filter((c): c is ClientCheckId => (CLIENT_CHECKS as readonly string[]).includes(c))
    const faultAsked = run.checks.filter((c): c is FaultCheckId => (FAULT_CHECKS as readonly string[]).includes(c))
    let outcomes: StoredOutcome[]
    let goLive: GoLiveOutcome | undefined
    let windowTo = realNow()
    let windowMarker: string | null = null
    try {
      const probed = await runReceiverChecks(deps.probe, run.partnerUniqueID, run.runId, receiverAsked, deps.timeoutMs)
      const receiver = probed.outcomes
      goLive = probed.goLive
      windowTo = realNow()
      // The client's requests: the marked ones when it marked them, else every request of the window.
      const judged = markedRecords(records(run.partnerUniqueID, run.windowFrom, windowTo), run.marker)
      const journal = judged.records
      windowMarker = judged.marker
      const client = runClientChecks(clientAsked, journal, decisions(run.partnerUniqueID, run.windowFrom))
      const afterFaults = runFaultChecks(faultAsked, journal)
      const byId = new Map<string, StoredOutcome>([...receiver, ...client, ...afterFaults].map((o) => [o.id, o]))
      outcomes = run.checks.map((id) => byId.get(id)!)
    } catch (error) {
      deps.logger.error('certification run failed', { runId: run.runId, error: error instanceof Error ? error.message : String(error) })
      outcomes = run.checks.map((id) => ({ id, status: 'not-exercised', evidence: [{ note: 'interrupted' }] }))
    }
    const status = outcomes.some((o) => o.evidence.some((e) => e.note === 'interrupted')) ? 'failed' : statusOf(outcomes)
    if (abandoned.delete(run.runId)) return
    finish({ runId: run.runId, status, windowTo, finishedAt: realNow(), results: goLive ? [...outcomes, goLive] : outcomes, windowMarker })
  }

  const getRun = (partnerUniqueID: string, runId: string) => {
    const run = repository.get(partnerUniqueID, runId)
    if (!run) throw new ApiError('NOT_FOUND', { field: 'runId', params: { resource: 'certification run', id: runId } })
    return run
  }

  return {
    /**
     * Starts a run of the checks asked (all by default) over the journal from `since`, else from the
     * partner's open certification window, else the last day, to now; when some of its requests carry
     * X-Sandbox-Certification (the window's id, or any value without a window), only those are judged.
     * @throws ApiError 409 while one runs, 400 on a window in the future.
     */
    start(auth: AuthContext, request: { checks?: Array<CheckId | typeof FORMER_TIMELY_CHECK> | undefined; since?: string | undefined }): StoredRun {
      const partnerUniqueID = auth.partnerUniqueID
      if (repository.runningOf(partnerUniqueID)) throw new ApiError('CERTIFICATION_RUNNING', { field: 'checks' })
      const now = deps.clock.machine.now()
      const window = repository.windowOf(partnerUniqueID)
      const from = request.since ? new Date(request.since) : window ? new Date(window.openedAt) : new Date(now.getTime() - DEFAULT_WINDOW_MS)
      if (from.getTime() > now.getTime()) throw new ApiError('OUT_OF_RANGE', { field: 'since', params: { limit: `<= ${now.toISOString()}` } })
      // The former name of receiver-answers-in-time still asks for it.
      const askedFor = request.checks?.map((c) => (c === FORMER_TIMELY_CHECK ? 'receiver-answers-in-time' : c))
      const checks = askedFor && askedFor.length > 0 ? ALL_CHECKS.filter((c) => askedFor.includes(c)) : [...ALL_CHECKS]
      const run = { runId: randomUUID(), partnerUniqueID, userId: auth.userId, checksAsked: checks, windowFrom: from.toISOString(), startedAt: now.toISOString() }
      insert(run)
      running.set(run.runId, { runId: run.runId, partnerUniqueID, checks })
      const done = execute({ runId: run.runId, partnerUniqueID, windowFrom: run.windowFrom, checks, marker: window?.windowId ?? '*' })
        .catch((error: unknown) => deps.logger.error('certification run not stored', { runId: run.runId, error: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          inFlight.delete(done)
          running.delete(run.runId)
        })
      inFlight.add(done)
      return getRun(partnerUniqueID, run.runId)
    },
    get: getRun,
    list: (partnerUniqueID: string) => repository.list(partnerUniqueID, 50),
    /**
     * Opens the partner's certification window now, replacing the one it had: the next runs read the
     * journal from here, and judge only the requests marked `X-Sandbox-Certification: <windowId>` once
     * the client sends it.
     */
    openWindow(auth: AuthContext): CertificationWindow & { markerHeader: typeof MARKER_HEADER } {
      const window = { windowId: randomUUID(), userId: auth.userId, openedAt: realNow() }
      openWindow({ windowId: window.windowId, userId: window.userId, openedAt: window.openedAt, partnerUniqueID: auth.partnerUniqueID })
      return { windowId: window.windowId, userId: window.userId, openedAt: window.openedAt, markerHeader: MARKER_HEADER }
    },
    /** The partner's open window, if it opened one. */
    windowOf: (partnerUniqueID: string): CertificationWindow | undefined => repository.windowOf(partnerUniqueID),
    /** The signed report of a passed run. @throws ApiError 409 when the run did not pass. */
    report(partnerUniqueID: string, runId: string) {
      const run = getRun(partnerUniqueID, runId)
      if (run.status !== 'passed') throw new ApiError('CERTIFICATION_NOT_PASSED', { field: 'runId' })
      const outcomes = checksOf(run.results)
      return deps.signer.sign({
        kind: 'mortgage-sandbox-certification' as const,
        runId: run.runId,
        partnerUniqueID: run.partnerUniqueID,
        sandboxVersion: deps.version,
        status: run.status,
        // Only the requests marked with this X-Sandbox-Certification value were judged (absent: every request of the window).
        window: run.windowMarker === null ? { from: run.windowFrom, to: run.windowTo } : { from: run.windowFrom, to: run.windowTo, marker: run.windowMarker },
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        checks: outcomes.map((o) => ({ id: o.id, category: categoryOf(o.id), status: o.status })),
        // A report of some checks says so in what it signs: the bank reads which were not run.
        checksInAll: ALL_CHECKS.length,
        checksLeftOut: leftOutOf(run),
        // What the bank still needs before production, e.g. a run through mortgage-sandbox listen: a public HTTPS address.
        goLive: goLiveOfRun(run.results).map((item) => ({ id: item.id, status: item.status })),
      })
    },
    signingKey: () => deps.signer.publicKey,
    /** Resolves when the runs started so far have finished (tests, and the server's stop). */
    idle: async (): Promise<void> => {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    /**
     * The server's stop: waits up to `graceMs` for the runs under way to finish and store their
     * verdicts; a run still probing then is stored as failed (interrupted) at once. Either way every
     * run has its final status before the database closes, none is left "running" for the next start.
     */
    async stop(graceMs: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))
      await Promise.race([Promise.all([...inFlight]), bound])
      clearTimeout(timer)
      for (const run of running.values()) {
        abandoned.add(run.runId)
        const at = realNow()
        finish({
          runId: run.runId,
          status: 'failed',
          windowTo: at,
          finishedAt: at,
          results: run.checks.map((id) => ({ id, status: 'not-exercised', evidence: [{ note: 'interrupted' }] })),
        })
      }
      running.clear()
    },
    deleteOfPartner: (partnerUniqueID: string) => repository.removeOfPartner(partnerUniqueID),
    deleteOlderThan: (cutoff: Date, limit: number) => repository.removeOlderThan(cutoff.toISOString(), limit),
  }
}

export type CertificationService = ReturnType<typeof createCertificationService>
