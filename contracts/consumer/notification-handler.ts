/**
 * A partner's webhook handler, as its consumer tests exercise it: it reads a notification's body
 * (the signature is checked before, by any Standard Webhooks library) and answers what the partner's
 * system does about it. It reads only the fields it relies on: those are what its message pacts
 * promise, and what the sandbox's verification holds the bank to.
 */

/** A notification as the handler reads it: the fields every type carries, and `data` by type. */
export interface Notification {
  notificationId: string
  notificationTypeId: number
  notificationType: string
  partnerUniqueID: string
  processUniqueId?: string
  simulationUniqueId?: string
  occurredAt: string
  test: boolean
  data: Record<string, unknown>
}

/** What the partner's system does: refresh a record, show a task to the broker, or nothing. */
export type Reaction =
  | { kind: 'refresh'; resource: 'process' | 'simulation'; uniqueId: string }
  | { kind: 'task'; resource: 'process' | 'simulation'; uniqueId: string; task: string }
  | { kind: 'ignore'; reason: string }

const need = <T>(value: unknown, field: string, type: 'string' | 'number'): T => {
  if (typeof value !== type) throw new Error(`notification field ${field} is not a ${type}: ${JSON.stringify(value)}`)
  return value as T
}

/** @throws Error when a field the handler relies on is missing or of another type. */
export function handleNotification(n: Notification): Reaction {
  if (n.test) return { kind: 'ignore', reason: `test notification ${n.notificationId}` }
  const process = () => need<string>(n.processUniqueId, 'processUniqueId', 'string')
  const simulation = () => need<string>(n.simulationUniqueId, 'simulationUniqueId', 'string')
  const about = () => (n.processUniqueId ? { resource: 'process' as const, uniqueId: process() } : { resource: 'simulation' as const, uniqueId: simulation() })
  const data = n.data
  switch (n.notificationType) {
    case 'PROCESS_CREATED':
      return { kind: 'task', resource: 'process', uniqueId: process(), task: `complete process ${need<number>(data.processNumber, 'data.processNumber', 'number')}` }
    case 'DOCUMENT_REQUESTED':
      return {
        kind: 'task',
        resource: 'process',
        uniqueId: process(),
        task: `upload document type ${need<number>(data.documentTypeId, 'data.documentTypeId', 'number')}: ${need<string>(data.messageText, 'data.messageText', 'string')}`,
      }
    case 'DOCUMENT_REJECTED':
      return {
        kind: 'task',
        resource: 'process',
        uniqueId: process(),
        task: `replace document ${need<string>(data.documentUniqueId, 'data.documentUniqueId', 'string')}: ${need<string>(data.messageText, 'data.messageText', 'string')}`,
      }
    case 'ESIS_AVAILABLE':
      return { kind: 'task', ...about(), task: `send the ESIS at ${need<string>(data.esisPath, 'data.esisPath', 'string')} to the client` }
    case 'PROCESS_STATUS_CHANGED':
      need<number>(data.processStatusId, 'data.processStatusId', 'number')
      return { kind: 'refresh', resource: 'process', uniqueId: process() }
    case 'SIMULATION_STATUS_CHANGED':
    case 'SIMULATION_EXPIRED':
      need<number>(data.simulationStatusId, 'data.simulationStatusId', 'number')
      return { kind: 'refresh', resource: 'simulation', uniqueId: simulation() }
    case 'NEW_MESSAGE':
      return { kind: 'task', ...about(), task: `read message ${need<string>(data.messageUniqueId, 'data.messageUniqueId', 'string')}` }
    case 'PROCESS_DECISION':
      return { kind: 'task', resource: 'process', uniqueId: process(), task: `tell the client: ${need<string>(data.decision, 'data.decision', 'string')}` }
    case 'CONTRACT_SCHEDULED':
      return {
        kind: 'task',
        resource: 'process',
        uniqueId: process(),
        task: `deed on ${need<string>(data.contractDate, 'data.contractDate', 'string')} at ${need<string>(data.contractLocation, 'data.contractLocation', 'string')}`,
      }
    case 'DOCUMENT_ACCEPTED':
      need<string>(data.documentUniqueId, 'data.documentUniqueId', 'string')
      return { kind: 'refresh', resource: 'process', uniqueId: process() }
    case 'VALUATION_COMPLETED':
      return { kind: 'task', resource: 'process', uniqueId: process(), task: `valuation ${need<number>(data.valuationAmount, 'data.valuationAmount', 'number')} €` }
    default:
      return { kind: 'ignore', reason: `type ${n.notificationType} not handled` }
  }
}
