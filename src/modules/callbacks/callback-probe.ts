import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { describeRefusal, type AddressPolicy } from './address-policy.ts'
import type { CallbackConfigurationRepository } from './callback-configuration.repository.ts'
import { notificationId } from './notification-id.ts'
import { NOTIFICATION_TYPES_LIST, type NotificationBody } from './outbox-publisher.ts'
import { signWebhook } from './webhook-signature.ts'
import type { WebhookSender } from './webhook-sender.ts'

/** How a probe is signed: as a delivery is, with another key, or not at all (no webhook-signature, -id, -timestamp). */
export type ProbeSignature = 'valid' | 'wrong-key' | 'none'

export interface ProbeRequest {
  /** Whose configuration: its address and its signing secret. */
  notificationTypeId: number
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
  notificationTypeId: number
  notificationType: string
  callbackUrl: string
}

// A key nobody has: a signature made with it is a forgery the receiver must refuse.
const FORGER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

/** Type-specific data a probe of each type carries, shaped as the real notifications' (notification.webhooks.ts). */
function sampleData(typeId: number, describe: (list: string, id: number) => string): Record<string, unknown> {
  switch (typeId) {
    case 1:
      return { processNumber: 1, simulationUniqueId: randomUUID(), processStatusId: 1, processStatusDescription: describe('workflow-states-proposal', 1) }
    case 2:
      return { documentTypeId: 15, documentTypeDescription: describe('document-types', 15), messageUniqueId: randomUUID(), messageText: 'Certificação: pedido de documento de teste.' }
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
 * Test notifications sent to a partner's registered addresses on purpose, well or badly signed (the
 * certification's receiver checks): through the same address policy, sender and signature as the
 * deliveries, but outside the outbox: nothing is stored, retried or shown as a delivery.
 */
export function createCallbackProbe(deps: {
  configurations: Pick<CallbackConfigurationRepository, 'list' | 'find'>
  policy: Pick<AddressPolicy, 'resolveForDelivery'>
  sender: Pick<WebhookSender, 'send'>
  taxonomy: Pick<TaxonomyCatalog, 'get' | 'describe'>
  clock: Pick<PartnerClock, 'now' | 'machine'>
  version: string
}) {
  const userAgent = `mortgage-sandbox/${deps.version} (+webhooks; certification)`
  const describe = (list: string, id: number) => deps.taxonomy.describe(list, id, 'pt-PT') ?? String(id)
  return {
    /** The partner's active callback configurations, one per notification type. */
    targets(partnerUniqueID: string): ProbeTarget[] {
      return deps.configurations
        .list(partnerUniqueID)
        .filter((c) => c.status === 'active')
        .map((c) => ({ notificationTypeId: c.notificationTypeId, notificationType: deps.taxonomy.get(NOTIFICATION_TYPES_LIST, c.notificationTypeId)?.code ?? String(c.notificationTypeId), callbackUrl: c.callbackUrl }))
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
      const configuration = deps.configurations.find(partnerUniqueID, probe.notificationTypeId)
      if (!configuration) throw new Error(`no callback configuration of type ${probe.notificationTypeId}`)
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': userAgent, ...probe.headers }
      if (probe.signature !== 'none') {
        const secret = probe.signature === 'valid' ? configuration.signingSecret : FORGER_SECRET
        headers['webhook-id'] = probe.webhookId
        headers['webhook-timestamp'] = String(probe.timestampSeconds)
        headers['webhook-signature'] = signWebhook(secret, probe.webhookId, probe.timestampSeconds, probe.body)
      }
      const sentAt = deps.clock.now(partnerUniqueID).toISOString()
      const unsent = (error: string): ProbeResult => ({ sentAt, callbackUrl: configuration.callbackUrl, sentHeaders: headers, httpStatus: null, latencyMs: 0, error, responseExcerpt: null })
      const target = await deps.policy.resolveForDelivery(configuration.callbackUrl)
      if (!target.ok) return unsent(describeRefusal(target.refusal))
      const outcome = await deps.sender.send({ url: target.url, address: target.address, headers, body: probe.body, timeoutMs: probe.timeoutMs })
      return { sentAt, callbackUrl: configuration.callbackUrl, sentHeaders: headers, httpStatus: outcome.httpStatus, latencyMs: outcome.latencyMs, error: outcome.error, responseExcerpt: outcome.responseExcerpt }
    },
  }
}

export type CallbackProbe = ReturnType<typeof createCallbackProbe>
