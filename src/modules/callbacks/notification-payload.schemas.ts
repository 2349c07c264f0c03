import { z } from '@hono/zod-openapi'

// The payload POSTed to a partner's callback address: one shape per notification type, told apart by
// `notificationType` (the code of notification-types), so a generated client reads `data` typed.
// The wire format is the one of notification-events.ts: these schemas only describe it.

const ProcessStatusDataSchema = z
  .object({
    processStatusId: z.number().int().openapi({ description: 'workflow-states-proposal id', example: 3 }),
    processStatusDescription: z.string().openapi({ example: 'Em análise' }),
    previousProcessStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a process', example: 2 }),
  })
  .openapi('ProcessStatusChangedData', { description: 'data of type 5' })

const SimulationStatusDataSchema = z
  .object({
    simulationStatusId: z.number().int().openapi({ description: 'workflow-states-simulation id', example: 3 }),
    simulationStatusDescription: z.string().openapi({ example: 'Concluída' }),
    previousSimulationStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a simulation', example: 1 }),
  })
  .openapi('SimulationStatusChangedData', { description: 'data of type 6' })

const MessageDataSchema = z
  .object({
    messageUniqueId: z.uuid(),
    messageText: z.string().openapi({ example: 'Por favor envie o último recibo de vencimento.' }),
    origin: z.enum(['BANK', 'BROKER']),
  })
  .openapi('NewMessageData', { description: 'data of type 7' })

const DocumentRequestedDataSchema = z
  .object({
    documentTypeId: z.number().int().openapi({ description: 'document-types id of the document the bank asks for', example: 15 }),
    documentTypeDescription: z.string(),
    messageUniqueId: z.uuid().openapi({ description: 'The bank message (origin BANK) that explains the request' }),
    messageText: z.string(),
  })
  .openapi('DocumentRequestedData', { description: 'data of type 2' })

const ProcessDecisionDataSchema = z
  .object({
    decision: z.enum(['APPROVED', 'REJECTED']),
    processStatusId: z.number().int().openapi({ example: 5 }),
    processStatusDescription: z.string().openapi({ example: 'Recusado' }),
    rejectReasonId: z.number().int().optional().openapi({ description: 'proposal-reject-reasons id when rejected; absent when approved', example: 1 }),
    rejectReasonDescription: z.string().optional(),
  })
  .openapi('ProcessDecisionData', { description: 'data of type 9 (sent with type 5 of the same change)' })

const ProcessCreatedDataSchema = z
  .object({
    processNumber: z.string(),
    simulationUniqueId: z.uuid(),
    processStatusId: z.number().int().openapi({ description: 'The Draft status of workflow-states-proposal', example: 1 }),
    processStatusDescription: z.string(),
  })
  .openapi('ProcessCreatedData', { description: 'data of type 1' })

const OtherDataSchema = z.record(z.string(), z.unknown()).openapi('NotificationOtherData', { description: 'data of types 3, 4, 10, 11 and 12 (the sandbox does not raise them yet)' })

const common = {
  notificationId: z.string().openapi({ description: 'Also the webhook-id header; the same on every retry', example: 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E' }),
  partnerUniqueID: z.uuid(),
  occurredAt: z.iso.datetime(),
  test: z.boolean().openapi({ description: 'true when sent by Callback Echo' }),
}
const processId = { processUniqueId: z.uuid() }
const simulationId = { simulationUniqueId: z.uuid() }
const eitherId = {
  processUniqueId: z.uuid().optional().openapi({ description: 'Exactly one of processUniqueId or simulationUniqueId' }),
  simulationUniqueId: z.uuid().optional(),
}

/** One type's payload, registered under its own name so the union's discriminator maps to it. */
function payload<const Code extends string>(id: number, code: Code, name: string, ids: Record<string, z.ZodType>, data: z.ZodType) {
  return z
    .object({ ...common, notificationTypeId: z.literal(id), notificationType: z.literal(code), ...ids, data })
    .openapi(`PartnerNotification${name}`, { description: `Notification type ${id} (${code})` })
}

export const NotificationPayloadSchema = z
  .discriminatedUnion('notificationType', [
    payload(1, 'PROCESS_CREATED', 'ProcessCreated', processId, ProcessCreatedDataSchema),
    payload(2, 'DOCUMENT_REQUESTED', 'DocumentRequested', processId, DocumentRequestedDataSchema),
    payload(3, 'DOCUMENT_REJECTED', 'DocumentRejected', processId, OtherDataSchema),
    payload(4, 'ESIS_AVAILABLE', 'EsisAvailable', eitherId, OtherDataSchema),
    payload(5, 'PROCESS_STATUS_CHANGED', 'ProcessStatusChanged', processId, ProcessStatusDataSchema),
    payload(6, 'SIMULATION_STATUS_CHANGED', 'SimulationStatusChanged', simulationId, SimulationStatusDataSchema),
    payload(7, 'NEW_MESSAGE', 'NewMessage', eitherId, MessageDataSchema),
    payload(8, 'SIMULATION_EXPIRED', 'SimulationExpired', simulationId, SimulationStatusDataSchema),
    payload(9, 'PROCESS_DECISION', 'ProcessDecision', processId, ProcessDecisionDataSchema),
    payload(10, 'CONTRACT_SCHEDULED', 'ContractScheduled', processId, OtherDataSchema),
    payload(11, 'DOCUMENT_ACCEPTED', 'DocumentAccepted', processId, OtherDataSchema),
    payload(12, 'VALUATION_COMPLETED', 'ValuationCompleted', processId, OtherDataSchema),
  ])
  .openapi('PartnerNotification', { description: 'What the sandbox POSTs to a callback address: one shape per notificationType' })

/** The headers of every delivery (Standard Webhooks), as the OpenAPI webhooks document them. */
export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({ description: 'The notification id: deduplicate on it (delivery is at-least-once)' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt; refuse ones far from your clock' }),
  'webhook-signature': z.string().openapi({
    description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed by the base64-decoded part of the `whsec_` secret',
  }),
  'user-agent': z.string().openapi({ example: 'mortgage-sandbox/0.4.0 (+webhooks)' }),
})
