import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { describeRefusal, type AddressPolicy } from './address-policy.ts'
import type { CallbackConfigurationRepository } from './callback-configuration.repository.ts'
import { notificationId } from './notification-id.ts'
import { NOTIFICATION_TYPES_LIST, type NotificationBody } from './outbox-publisher.ts'
import { signWebhook } from './webhook-signature.ts'
import type { WebhookOutcome, WebhookSender } from './webhook-sender.ts'
import type { ForwardedNotification, ListenerIdentity } from './listen/listener-hub.ts'

/** How a probe is signed: as a delivery is, with another key, or not at all (no webhook-signature, -id, -timestamp). */
export type ProbeSignature = 'valid' | 'wrong-key' | 'none'

export interface ProbeRequest {
  /** Where it goes: a configuration's address (with its secret), or a listener (with its). */
  target: ProbeTarget
  body: string
  webhookId: string
  timestampSeconds: number
  signature: ProbeSignature
  headers: Record<string, string>
  timeoutMs: number
}

export interface ProbeResult {
  /** When it was sent, on the partner's clock. */
  sentAt: string
  callbackUrl: string
  sentHeaders: Record<string, string>
  httpStatus: number | null
  latencyMs: number
  error: string | null
  responseExcerpt: string | null
}

export interface ProbeTarget {
  /** To a registered address, or through a connected `mortgage-sandbox listen` to the partner's local receiver. */
  through: 'address' | 'listen'
  notificationTypeId: number
  notificationType: string
  /** The registered address; through a listener, the address it forwards to. */
  callbackUrl: string
  /** The listener, when through one. */
  listenerId?: string
}

type Listener = ListenerIdentity & { listenerId: string }

/** The partner's connected listeners, as the probes reach them: the hub's streams, signed with each one's secret. */
export interface ProbeListeners {
  attached(partnerUniqueID: string): Listener[]
  forward(listener: Listener, notification: Omit<ForwardedNotification, 'attemptId'>, timeoutMs: number): Promise<WebhookOutcome>
  secretFor(listener: Listener): string
}

// A key nobody has: a signature made with it is a forgery the receiver must refuse.
const FORGER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

/** Type-specific data a probe of each type carries, shaped as the real notifications' (notification.webhooks.ts). */
function sampleData(typeId: number, describe: (list: string, id: number) => string): Record<string, unknown> {
  switch (typeId) {
    case 1:
      return { processNumber: 1, simulationUniqueId: randomUUID(), processStatusId: 1, processStatusDescription: describe('workflow-states-proposal', 1) }
    case 2:
      return {
        documentTypeId: 15,
        documentTypeDescription: describe('document-types', 15),
        messageUniqueId: randomUUID(),
        messageText: 'Certificação: pedido de documento de teste.',
      }
    case 5:
      return { processStatusId: 3, processStatusDescription: describe('workflow-states-proposal', 3), previousProcessStatusId: 2 }
    case 6:
    case 8:
      return { simulationStatusId: typeId === 8 ? 5 : 3, simulationStatusDescription: describe('workflow-states-simulation', typeId === 8 ? 5 : 3), previousSimulationStatusId: 1 }
    case 7:
      return { messageUniqueId: randomUUID(), messageText: 'Certificação: mensagem de teste.', origin: 'BANK' }
    case 9:
      return { decision: 'APPROVED', processStatusId: 4, processStatusDescription: describe('workflow-states-proposal', 4) }
    default:
      return {}
  }
}

/**
 * Test notifications sent on purpose, well or badly signed (the certification's receiver checks), to
 * a partner's registered addresses through the same address policy, sender and signature as the
 * deliveries, and to its connected listeners through their streams (the listener forwards each to the
 * partner's local receiver and reports the answer, as for any notification). Outside the outbox:
 * nothing is stored, retried or shown as a delivery.
 */
export function createCallbackProbe(deps: {
  configurations: Pick<CallbackConfigurationRepository, 'list' | 'find'>
  policy: Pick<AddressPolicy, 'resolveForDelivery'>
  sender: Pick<WebhookSender, 'send'>
  listeners?: ProbeListeners | undefined
  taxonomy: Pick<TaxonomyCatalog, 'get' | 'describe' | 'items'>
  clock: Pick<PartnerClock, 'now' | 'machine'>
  version: string
}) {
  const userAgent = `mortgage-sandbox/${deps.version} (+webhooks; certification)`
  const describe = (list: string, id: number) => deps.taxonomy.describe(list, id, 'pt-PT') ?? String(id)
  return {
    /**
     * The partner's active callback configurations, one per notification type, then each connected
     * listener with every type it takes (all of the notification-types list by default).
     */
    targets(partnerUniqueID: string): ProbeTarget[] {
      const codeOf = (typeId: number) => deps.taxonomy.get(NOTIFICATION_TYPES_LIST, typeId)?.code ?? String(typeId)
      const addresses = deps.configurations
        .list(partnerUniqueID)
        .filter((c) => c.status === 'active')
        .map((c): ProbeTarget => ({ through: 'address', notificationTypeId: c.notificationTypeId, notificationType: codeOf(c.notificationTypeId), callbackUrl: c.callbackUrl }))
      const types = deps.taxonomy.items(NOTIFICATION_TYPES_LIST).map((t) => t.id)
      const listeners = (deps.listeners?.attached(partnerUniqueID) ?? []).flatMap((l) =>
        types
          .filter((id) => l.types === null || l.types.has(id))
          .map((id): ProbeTarget => ({
            through: 'listen',
            notificationTypeId: id,
            notificationType: codeOf(id),
            callbackUrl: l.forwardTo ?? `listen:${l.listenerId}`,
            listenerId: l.listenerId,
          })),
      )
      return [...addresses, ...listeners]
    },
    /** A test notification of a type (a made-up type number is a type the partner has never seen), `test: true`. */
    sample(partnerUniqueID: string, typeId: number, code?: string): NotificationBody {
      const type = deps.taxonomy.get(NOTIFICATION_TYPES_LIST, typeId)
      const at = deps.clock.now(partnerUniqueID)
      const resource = type?.attributes.resource === 'simulation' ? { simulationUniqueId: randomUUID() } : { processUniqueId: randomUUID() }
      return {
        notificationId: notificationId(at),
        notificationTypeId: typeId,
        notificationType: code ?? type?.code ?? String(typeId),
        partnerUniqueID,
        ...resource,
        occurredAt: at.toISOString(),
        data: sampleData(typeId, describe),
        test: true,
      }
    },
    /** The receiver's wall clock as the sandbox signs for it: the machine's (real) time, whatever the partner's test clock reads. */
    nowSeconds: () => Math.floor(deps.clock.machine.now().getTime() / 1000),
    async send(partnerUniqueID: string, probe: ProbeRequest): Promise<ProbeResult> {
      const { target } = probe
      const listener = target.through === 'listen' ? deps.listeners?.attached(partnerUniqueID).find((l) => l.listenerId === target.listenerId) : undefined
      const configuration = target.through === 'address' ? deps.configurations.find(partnerUniqueID, target.notificationTypeId) : undefined
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': userAgent, ...probe.headers }
      const sentAt = deps.clock.now(partnerUniqueID).toISOString()
      const unsent = (error: string): ProbeResult => ({
        sentAt,
        callbackUrl: target.callbackUrl,
        sentHeaders: headers,
        httpStatus: null,
        latencyMs: 0,
        error,
        responseExcerpt: null,
      })
      const secret = listener ? deps.listeners!.secretFor(listener) : configuration?.signingSecret
      // Gone since the run listed it (deleted, or the listener disconnected): no answer.
      if (secret === undefined) return unsent(target.through === 'listen' ? 'the listener disconnected' : 'the callback configuration was deleted')
      if (probe.signature !== 'none') {
        headers['webhook-id'] = probe.webhookId
        headers['webhook-timestamp'] = String(probe.timestampSeconds)
        headers['webhook-signature'] = signWebhook(probe.signature === 'valid' ? secret : FORGER_SECRET, probe.webhookId, probe.timestampSeconds, probe.body)
      }
      let outcome: WebhookOutcome
      if (listener) {
        // The type the body says: a probe of a type the receiver does not know is forwarded as that type.
        const { notificationTypeId, notificationType } = JSON.parse(probe.body) as Pick<NotificationBody, 'notificationTypeId' | 'notificationType'>
        const forwarded = { notificationId: probe.webhookId, notificationTypeId, notificationType, headers, body: probe.body, replayed: false }
        outcome = await deps.listeners!.forward(listener, forwarded, probe.timeoutMs)
      } else {
        const resolved = await deps.policy.resolveForDelivery(configuration!.callbackUrl)
        if (!resolved.ok) return unsent(describeRefusal(resolved.refusal))
        outcome = await deps.sender.send({ url: resolved.url, address: resolved.address, headers, body: probe.body, timeoutMs: probe.timeoutMs })
      }
      return {
        sentAt,
        callbackUrl: target.callbackUrl,
        sentHeaders: headers,
        httpStatus: outcome.httpStatus,
        latencyMs: outcome.latencyMs,
        error: outcome.error,
        responseExcerpt: outcome.responseExcerpt,
      }
    },
  }
}

export type CallbackProbe = ReturnType<typeof createCallbackProbe>
