import { withoutNulls } from '../../common/answer-fields.ts'
import type { NotificationEvent } from './notification-publisher.ts'

/**
 * The notification types services publish, with the `data` each carries (docs/design.md "Callbacks").
 * One builder per type keeps real changes and Callback Echo sending the same layout; a field without
 * a value (the previous status of a first status, the reject reason of an approval) is left out.
 */
export const NOTIFICATION_TYPE = {
  PROCESS_CREATED: 1,
  DOCUMENT_REQUESTED: 2,
  DOCUMENT_REJECTED: 3,
  ESIS_AVAILABLE: 4,
  PROCESS_STATUS_CHANGED: 5,
  SIMULATION_STATUS_CHANGED: 6,
  NEW_MESSAGE: 7,
  SIMULATION_EXPIRED: 8,
  PROCESS_DECISION: 9,
  CONTRACT_SCHEDULED: 10,
  DOCUMENT_ACCEPTED: 11,
  VALUATION_COMPLETED: 12,
} as const

interface Common {
  partnerUniqueID: string
  brokerId: number
  test?: boolean
}

/** Type 1: the process, its number and status, and the simulation it came from. */
export function processCreated(e: Common & {
  processUniqueId: string
  processNumber: number
  simulationUniqueId: string
  processStatusId: number
  processStatusDescription: string
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.PROCESS_CREATED,
    processUniqueId: e.processUniqueId,
    data: { processNumber: e.processNumber, simulationUniqueId: e.simulationUniqueId, processStatusId: e.processStatusId, processStatusDescription: e.processStatusDescription },
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 5. */
export function processStatusChanged(e: Common & {
  processUniqueId: string
  processStatusId: number
  processStatusDescription: string
  previousProcessStatusId?: number | null
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.PROCESS_STATUS_CHANGED,
    processUniqueId: e.processUniqueId,
    data: withoutNulls({
      processStatusId: e.processStatusId,
      processStatusDescription: e.processStatusDescription,
      previousProcessStatusId: e.previousProcessStatusId,
    }),
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 6. */
export function simulationStatusChanged(e: Common & {
  simulationUniqueId: string
  simulationStatusId: number
  simulationStatusDescription: string
  previousSimulationStatusId?: number | null
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.SIMULATION_STATUS_CHANGED,
    simulationUniqueId: e.simulationUniqueId,
    data: withoutNulls({
      simulationStatusId: e.simulationStatusId,
      simulationStatusDescription: e.simulationStatusDescription,
      previousSimulationStatusId: e.previousSimulationStatusId,
    }),
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 7: a message of the bank on a process or a simulation. */
export function newMessage(e: Common & ({ processUniqueId: string } | { simulationUniqueId: string }) & {
  messageUniqueId: string
  messageText: string
  origin?: 'BANK' | 'BROKER'
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.NEW_MESSAGE,
    ...('processUniqueId' in e ? { processUniqueId: e.processUniqueId } : { simulationUniqueId: e.simulationUniqueId }),
    data: { messageUniqueId: e.messageUniqueId, messageText: e.messageText, origin: e.origin ?? 'BANK' },
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 2: the bank asks for a document on a process, with the bank message that explains it. */
export function documentRequested(e: Common & {
  processUniqueId: string
  documentTypeId: number
  documentTypeDescription: string
  messageUniqueId: string
  messageText: string
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.DOCUMENT_REQUESTED,
    processUniqueId: e.processUniqueId,
    data: {
      documentTypeId: e.documentTypeId,
      documentTypeDescription: e.documentTypeDescription,
      messageUniqueId: e.messageUniqueId,
      messageText: e.messageText,
    },
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 8: a simulation expired (raised with type 6 of the same change). */
export function simulationExpired(e: Common & {
  simulationUniqueId: string
  simulationStatusId: number
  simulationStatusDescription: string
  previousSimulationStatusId: number | null
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.SIMULATION_EXPIRED,
    simulationUniqueId: e.simulationUniqueId,
    data: withoutNulls({
      simulationStatusId: e.simulationStatusId,
      simulationStatusDescription: e.simulationStatusDescription,
      previousSimulationStatusId: e.previousSimulationStatusId,
    }),
    ...(e.test ? { test: true } : {}),
  }
}

/** Type 9: the bank's decision on a process, Approved or Rejected (raised with type 5 of the same change). */
export function processDecision(e: Common & {
  processUniqueId: string
  processStatusId: number
  processStatusDescription: string
  decision: 'APPROVED' | 'REJECTED'
  rejectReasonId: number | null
  rejectReasonDescription: string | null
}): NotificationEvent {
  return {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: NOTIFICATION_TYPE.PROCESS_DECISION,
    processUniqueId: e.processUniqueId,
    data: withoutNulls({
      decision: e.decision,
      processStatusId: e.processStatusId,
      processStatusDescription: e.processStatusDescription,
      rejectReasonId: e.rejectReasonId,
      rejectReasonDescription: e.rejectReasonDescription,
    }),
    ...(e.test ? { test: true } : {}),
  }
}
