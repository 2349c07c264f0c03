import type { CheckStatus, Evidence } from './client-checks.ts'
import type { CallbackProbe } from '../callbacks/index.ts'

type ProbeTarget = ReturnType<CallbackProbe['targets']>[number]
type ProbeResult = Awaited<ReturnType<CallbackProbe['send']>>
type ProbeSignature = Parameters<CallbackProbe['send']>[1]['signature']

export const RECEIVER_CHECKS = [
  'receiver-accepts-signed',
  'receiver-refuses-forgeries',
  'receiver-refuses-stale',
  'receiver-accepts-redelivery',
  'receiver-answers-in-time',
  'receiver-tolerates-new-type',
] as const
export type ReceiverCheckId = (typeof RECEIVER_CHECKS)[number]

/**
 * The check's name in earlier versions, when it also asked for an HTTPS address: a run asking for it runs
 * `receiver-answers-in-time`, and the HTTPS part is the go-live item.
 */
export const FORMER_TIMELY_CHECK = 'receiver-https-timely'

/** What stays for going live whatever the run: a public HTTPS address that answers. Not a check: it never fails a run. */
export const GO_LIVE_HTTPS = 'public-https-address'

/** What a receiver check shows besides the note: what was sent, where, and what came back. */
export interface ProbeEvidence extends Evidence {
  callbackUrl?: string
  /** To a registered address, or through a listener of `mortgage-sandbox listen` (its id). */
  through?: 'address' | 'listen'
  listenerId?: string
  latencyMs?: number
  sentHeaders?: Record<string, string>
  answer?: string | null
}

export interface ReceiverOutcome {
  id: ReceiverCheckId
  status: CheckStatus
  evidence: ProbeEvidence[]
}

/** The go-live item: `ready` once a public HTTPS address answered every probe in time; `to-do` otherwise, with what to do. */
export interface GoLiveOutcome {
  id: typeof GO_LIVE_HTTPS
  status: 'ready' | 'to-do'
  evidence: ProbeEvidence[]
}

/** The header that marks a probe; its value is the run's id. */
export const CERTIFICATION_HEADER = 'X-Sandbox-Certification'
/** A type number the bank has not defined: the partner's receiver has never seen it. */
const NEW_TYPE = { id: 900, code: 'CERTIFICATION_NEW_TYPE' }
/** How old a stale probe's timestamp is: twice the 5 minutes a receiver should tolerate. */
const STALE_SECONDS = 600

const is2xx = (r: ProbeResult) => r.httpStatus !== null && r.httpStatus >= 200 && r.httpStatus < 300
const outcomeText = (r: ProbeResult) => (r.httpStatus !== null ? `HTTP ${r.httpStatus}` : (r.error ?? 'no answer'))
/** One receiver: an address (whichever configurations share it), or a listener (whichever types it takes). */
const receiverOf = (t: ProbeTarget) => (t.through === 'listen' ? `listen:${t.listenerId}` : t.callbackUrl)
const where = (t: ProbeTarget): Pick<ProbeEvidence, 'callbackUrl' | 'through' | 'listenerId'> => ({
  callbackUrl: t.callbackUrl,
  through: t.through,
  ...(t.listenerId ? { listenerId: t.listenerId } : {}),
})

/** Each check's verdicts over the partner's receivers: failed if one failed, passed if one passed, else not exercised. */
class Verdicts {
  private readonly byCheck = new Map<ReceiverCheckId, { passed: boolean; failed: boolean; evidence: ProbeEvidence[] }>()
  add(id: ReceiverCheckId, verdict: 'passed' | 'failed' | 'not-exercised', evidence: ProbeEvidence): void {
    const entry = this.byCheck.get(id) ?? { passed: false, failed: false, evidence: [] }
    if (verdict === 'passed') entry.passed = true
    if (verdict === 'failed') entry.failed = true
    entry.evidence.push(evidence)
    this.byCheck.set(id, entry)
  }
  outcome(id: ReceiverCheckId): ReceiverOutcome {
    const entry = this.byCheck.get(id)
    const status: CheckStatus = !entry ? 'not-exercised' : entry.failed ? 'failed' : entry.passed ? 'passed' : 'not-exercised'
    return { id, status, evidence: entry?.evidence ?? [] }
  }
}

/** The go-live item from the answers of the registered addresses (the probes through a listener say nothing of it). */
function goLiveOf(answers: ReadonlyArray<{ target: ProbeTarget; result: ProbeResult }>, listened: boolean): GoLiveOutcome {
  const byAddress = new Map<string, ProbeResult[]>()
  for (const { target, result } of answers) {
    if (target.through === 'address') byAddress.set(target.callbackUrl, [...(byAddress.get(target.callbackUrl) ?? []), result])
  }
  if (byAddress.size === 0) return { id: GO_LIVE_HTTPS, status: 'to-do', evidence: [{ note: listened ? 'goLiveListenOnly' : 'goLiveNoAddress' }] }
  const evidence: ProbeEvidence[] = []
  let ready = true
  for (const [callbackUrl, results] of byAddress) {
    const unanswered = results.find((r) => r.httpStatus === null)
    if (!callbackUrl.startsWith('https://')) {
      ready = false
      evidence.push({ note: 'httpAllowedHere', values: { callbackUrl }, callbackUrl, through: 'address' })
    } else if (unanswered) {
      ready = false
      evidence.push({ note: 'goLiveUnanswered', values: { callbackUrl, outcome: outcomeText(unanswered) }, callbackUrl, through: 'address' })
    } else evidence.push({ note: 'goLiveAnswered', values: { callbackUrl }, callbackUrl, through: 'address' })
  }
  return { id: GO_LIVE_HTTPS, status: ready ? 'ready' : 'to-do', evidence }
}

/**
 * The receiver checks: test notifications sent now, well and badly signed, each marked `test: true`
 * and with the certification header, to each of the partner's active callback addresses and through
 * each of its connected listeners to its local receiver. Probes go one at a time, so a receiver sees
 * them in order and its logs read like the evidence. A listener is one receiver with one secret: a
 * signed probe of every type it takes, and the other probes once.
 */
export async function runReceiverChecks(
  probe: Pick<CallbackProbe, 'targets' | 'sample' | 'send' | 'nowSeconds'>,
  partnerUniqueID: string,
  runId: string,
  asked: readonly ReceiverCheckId[],
  timeoutMs: number,
): Promise<{ outcomes: ReceiverOutcome[]; goLive: GoLiveOutcome | undefined }> {
  if (asked.length === 0) return { outcomes: [], goLive: undefined }
  const targets = probe.targets(partnerUniqueID)
  if (targets.length === 0) return { outcomes: asked.map((id) => ({ id, status: 'not-exercised', evidence: [{ note: 'noCallbacks' }] })), goLive: goLiveOf([], false) }
  const wants = new Set(asked)
  const verdicts = new Verdicts()
  const answers: Array<{ target: ProbeTarget; result: ProbeResult }> = []

  const send = async (target: ProbeTarget, options: { typeId?: number; code?: string; signature?: ProbeSignature; ageSeconds?: number; body?: string }) => {
    const body = options.body ?? JSON.stringify(probe.sample(partnerUniqueID, options.typeId ?? target.notificationTypeId, options.code))
    const webhookId = (JSON.parse(body) as { notificationId: string }).notificationId
    const result = await probe.send(partnerUniqueID, {
      target,
      body,
      webhookId,
      timestampSeconds: probe.nowSeconds() - (options.ageSeconds ?? 0),
      signature: options.signature ?? 'valid',
      headers: { [CERTIFICATION_HEADER]: runId },
      timeoutMs,
    })
    answers.push({ target, result })
    return { body, webhookId, result }
  }
  const evidence = (note: string, target: ProbeTarget, sent: { webhookId: string; result: ProbeResult }, values: Record<string, string | number> = {}): ProbeEvidence => ({
    note,
    values: { notificationType: target.notificationType, outcome: outcomeText(sent.result), ...values },
    notificationId: sent.webhookId,
    at: sent.result.sentAt,
    ...where(target),
    latencyMs: sent.result.latencyMs,
    sentHeaders: sent.result.sentHeaders,
    answer: sent.result.responseExcerpt,
    ...(sent.result.httpStatus !== null ? { status: sent.result.httpStatus } : {}),
  })
  const refused = (r: ProbeResult) => (is2xx(r) ? 'failed' : 'passed')

  // Each address configuration has its own secret, so each is probed in full; a listener signs every type with one.
  const probedInFull = new Set<string>()
  for (const target of targets) {
    const signed = await send(target, {})
    verdicts.add('receiver-accepts-signed', is2xx(signed.result) ? 'passed' : 'failed', evidence('signedAccepted', target, signed))
    if (target.through === 'listen' && probedInFull.has(receiverOf(target))) continue
    probedInFull.add(receiverOf(target))
    if (wants.has('receiver-accepts-redelivery')) {
      if (is2xx(signed.result)) {
        const again = await send(target, { body: signed.body })
        verdicts.add('receiver-accepts-redelivery', is2xx(again.result) ? 'passed' : 'failed', evidence('redelivery', target, again))
      } else verdicts.add('receiver-accepts-redelivery', 'not-exercised', { note: 'notProbed', ...where(target) })
    }
    if (wants.has('receiver-refuses-forgeries')) {
      const forged = await send(target, { signature: 'wrong-key' })
      verdicts.add('receiver-refuses-forgeries', refused(forged.result), evidence('wrongSignature', target, forged))
      const unsigned = await send(target, { signature: 'none' })
      verdicts.add('receiver-refuses-forgeries', refused(unsigned.result), evidence('noSignature', target, unsigned))
    }
    if (wants.has('receiver-refuses-stale')) {
      const stale = await send(target, { ageSeconds: STALE_SECONDS })
      verdicts.add('receiver-refuses-stale', refused(stale.result), evidence('staleTimestamp', target, stale, { minutes: STALE_SECONDS / 60 }))
    }
  }
  // Once per receiver: the type is new to it, whichever configuration's address it is.
  const receivers = [...new Map(targets.map((t) => [receiverOf(t), t])).values()]
  if (wants.has('receiver-tolerates-new-type')) {
    for (const target of receivers) {
      const unknown = await send(target, { typeId: NEW_TYPE.id, code: NEW_TYPE.code })
      const ok = unknown.result.httpStatus !== null && unknown.result.httpStatus < 500
      verdicts.add('receiver-tolerates-new-type', ok ? 'passed' : 'failed', evidence('newType', { ...target, notificationType: NEW_TYPE.code }, unknown))
    }
  }
  if (wants.has('receiver-answers-in-time')) {
    for (const target of receivers) {
      const mine = answers.filter((a) => receiverOf(a.target) === receiverOf(target)).map((a) => a.result)
      const unanswered = mine.find((r) => r.httpStatus === null)
      const slowest = Math.max(...mine.map((r) => r.latencyMs))
      if (unanswered)
        verdicts.add('receiver-answers-in-time', 'failed', { note: 'unanswered', values: { outcome: outcomeText(unanswered) }, ...where(target), latencyMs: unanswered.latencyMs })
      else verdicts.add('receiver-answers-in-time', 'passed', { note: 'slowest', values: { latencyMs: slowest, limitMs: timeoutMs }, ...where(target), latencyMs: slowest })
    }
  }
  return {
    outcomes: asked.map((id) => verdicts.outcome(id)),
    goLive: goLiveOf(
      answers,
      targets.some((t) => t.through === 'listen'),
    ),
  }
}
