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
  'receiver-https-timely',
  'receiver-tolerates-new-type',
] as const
export type ReceiverCheckId = (typeof RECEIVER_CHECKS)[number]

/** What a receiver check shows besides the note: what was sent and what came back. */
export interface ProbeEvidence extends Evidence {
  callbackUrl?: string
  latencyMs?: number
  sentHeaders?: Record<string, string>
  answer?: string | null
}

export interface ReceiverOutcome {
  id: ReceiverCheckId
  status: CheckStatus
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

/** Each check's verdicts over the partner's addresses: failed if one failed, passed if one passed, else not exercised. */
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

/**
 * The receiver checks: test notifications sent now to each of the partner's active callback addresses,
 * well and badly signed, each marked `test: true` and with the certification header. Probes go one at
 * a time, so a receiver sees them in order and its logs read like the evidence.
 */
export async function runReceiverChecks(
  probe: Pick<CallbackProbe, 'targets' | 'sample' | 'send' | 'nowSeconds'>,
  partnerUniqueID: string,
  runId: string,
  asked: readonly ReceiverCheckId[],
  timeoutMs: number,
): Promise<ReceiverOutcome[]> {
  if (asked.length === 0) return []
  const targets = probe.targets(partnerUniqueID)
  if (targets.length === 0) return asked.map((id) => ({ id, status: 'not-exercised', evidence: [{ note: 'noCallbacks' }] }))
  const wants = new Set(asked)
  const verdicts = new Verdicts()
  const answers: Array<{ target: ProbeTarget; result: ProbeResult }> = []

  const send = async (target: ProbeTarget, options: { typeId?: number; code?: string; signature?: ProbeSignature; ageSeconds?: number; body?: string }) => {
    const body = options.body ?? JSON.stringify(probe.sample(partnerUniqueID, options.typeId ?? target.notificationTypeId, options.code))
    const webhookId = (JSON.parse(body) as { notificationId: string }).notificationId
    const result = await probe.send(partnerUniqueID, {
      notificationTypeId: target.notificationTypeId,
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
    callbackUrl: target.callbackUrl,
    latencyMs: sent.result.latencyMs,
    sentHeaders: sent.result.sentHeaders,
    answer: sent.result.responseExcerpt,
    ...(sent.result.httpStatus !== null ? { status: sent.result.httpStatus } : {}),
  })
  const refused = (r: ProbeResult) => (is2xx(r) ? 'failed' : 'passed')

  for (const target of targets) {
    const signed = await send(target, {})
    verdicts.add('receiver-accepts-signed', is2xx(signed.result) ? 'passed' : 'failed', evidence('signedAccepted', target, signed))
    if (wants.has('receiver-accepts-redelivery')) {
      if (is2xx(signed.result)) {
        const again = await send(target, { body: signed.body })
        verdicts.add('receiver-accepts-redelivery', is2xx(again.result) ? 'passed' : 'failed', evidence('redelivery', target, again))
      } else verdicts.add('receiver-accepts-redelivery', 'not-exercised', { note: 'notProbed', callbackUrl: target.callbackUrl })
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
  if (wants.has('receiver-tolerates-new-type')) {
    // Once per address: the type is new to the receiver, whichever configuration's address it is.
    const byAddress = new Map(targets.map((t) => [t.callbackUrl, t]))
    for (const target of byAddress.values()) {
      const unknown = await send(target, { typeId: NEW_TYPE.id, code: NEW_TYPE.code })
      const ok = unknown.result.httpStatus !== null && unknown.result.httpStatus < 500
      verdicts.add('receiver-tolerates-new-type', ok ? 'passed' : 'failed', evidence('newType', { ...target, notificationType: NEW_TYPE.code }, unknown))
    }
  }
  if (wants.has('receiver-https-timely')) {
    for (const target of new Map(targets.map((t) => [t.callbackUrl, t])).values()) {
      const mine = answers.filter((a) => a.target.callbackUrl === target.callbackUrl).map((a) => a.result)
      const unanswered = mine.find((r) => r.httpStatus === null)
      const slowest = Math.max(...mine.map((r) => r.latencyMs))
      // An http:// address exists only where the operator's settings allow it (a local run): HTTPS
      // cannot be judged there, which says nothing against the integration.
      if (!target.callbackUrl.startsWith('https://')) verdicts.add('receiver-https-timely', 'not-exercised', { note: 'httpAllowedHere', values: { callbackUrl: target.callbackUrl }, callbackUrl: target.callbackUrl })
      else if (unanswered) verdicts.add('receiver-https-timely', 'failed', { note: 'unanswered', values: { outcome: outcomeText(unanswered) }, callbackUrl: target.callbackUrl, latencyMs: unanswered.latencyMs })
      else verdicts.add('receiver-https-timely', 'passed', { note: 'slowest', values: { latencyMs: slowest, limitMs: timeoutMs }, callbackUrl: target.callbackUrl, latencyMs: slowest })
    }
  }
  return asked.map((id) => verdicts.outcome(id))
}
