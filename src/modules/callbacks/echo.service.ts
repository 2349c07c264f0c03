import { randomUUID } from 'node:crypto'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { MESSAGES } from './callbacks.messages.ts'
import { assertOwnPartner, type CallbackService } from './callbacks.service.ts'
import type { EchoRequest } from './echo.schemas.ts'
import { eventOf, NOTIFICATION_TYPE } from './notification-events.ts'
import type { NotificationEvent, NotificationPublisher } from './notification-publisher.ts'

const PROCESS_STATES = 'workflow-states-proposal'
const SIMULATION_STATES = 'workflow-states-simulation'

/** The fields each echo type takes besides the resource id. */
const TYPE_FIELDS: Record<number, ReadonlyArray<keyof EchoRequest>> = {
  [NOTIFICATION_TYPE.PROCESS_STATUS_CHANGED]: ['processStatusId', 'processStatusDescription'],
  [NOTIFICATION_TYPE.SIMULATION_STATUS_CHANGED]: ['simulationStatusId', 'simulationStatusDescription'],
  [NOTIFICATION_TYPE.NEW_MESSAGE]: ['messageText'],
}
const ALL_TYPE_FIELDS = [...new Set(Object.values(TYPE_FIELDS).flat())]

/**
 * A simulation or process of a broker, as Callback Echo announces it: its current status. Another
 * broker's is not found, as everywhere in the bank's API (docs/design.md "Roles").
 */
export type EchoResourceLookup = (uniqueId: string, brokerId: number) => { statusId: number } | undefined

export interface EchoServiceDeps {
  writes: Transactions
  taxonomy: TaxonomyCatalog
  callbacks: Pick<CallbackService, 'configuration' | 'notificationTypeOf'>
  notifications: NotificationPublisher
  /** Whether a connected listener (`mortgage-sandbox listen`) of the partner takes a notification of this broker and type. */
  listening?: ((partnerUniqueID: string, brokerId: number, notificationTypeId: number) => boolean) | undefined
  /** The broker's simulations and processes, from their modules. */
  findSimulation: EchoResourceLookup
  findProcess: EchoResourceLookup
}

/** The status to announce: the one asked for (checked against its list), else the resource's own. */
function status(taxonomy: TaxonomyCatalog, list: string, field: string, asked: number | undefined, current: number, lang: Lang) {
  const id = asked ?? current
  const description = taxonomy.describe(list, id, lang)
  if (description === null) throw new ApiError('UNKNOWN_REFERENCE', { field, params: { value: id, list } })
  return { id, description }
}

/** Callback Echo: checks the request as the interface document says, then publishes a test notification. */
export function createEchoService(deps: EchoServiceDeps) {
  const publish = deps.writes.transaction((event: NotificationEvent) => deps.notifications.publish({ ...event, test: true }))
  return { echo: (auth: AuthContext, partnerUniqueID: string, typeId: number, body: EchoRequest, lang: Lang) => echo(deps, publish, auth, partnerUniqueID, typeId, body, lang) }
}

export type EchoService = ReturnType<typeof createEchoService>

function echo(
  deps: EchoServiceDeps,
  publish: (event: NotificationEvent) => string,
  auth: AuthContext,
  partnerUniqueID: string,
  typeId: number,
  body: EchoRequest,
  lang: Lang,
): string {
  assertOwnPartner(auth, partnerUniqueID)
  const type = deps.callbacks.notificationTypeOf(typeId, 'notificationTypeID')
  if (type.attributes.echo !== true) throw new ApiError('INVALID_VALUE', { field: 'notificationTypeID', message: MESSAGES.echoTypes })
  const { processUniqueId, simulationUniqueId } = body
  if (Boolean(processUniqueId) === Boolean(simulationUniqueId)) {
    const field = processUniqueId ? 'simulationUniqueId' : 'processUniqueId'
    throw new ApiError(processUniqueId ? 'INVALID_COMBINATION' : 'MISSING_FIELD', { field, message: MESSAGES.exactlyOneId })
  }
  const resource = type.attributes.resource
  if ((resource === 'process' && simulationUniqueId) || (resource === 'simulation' && processUniqueId)) {
    const expected = resource === 'process' ? 'processUniqueId' : 'simulationUniqueId'
    throw new ApiError('FIELD_NOT_ALLOWED', {
      field: processUniqueId ? 'processUniqueId' : 'simulationUniqueId',
      params: { type: typeId, resource, expected },
      message: MESSAGES.typeResource,
    })
  }
  const allowed = TYPE_FIELDS[typeId] ?? []
  const foreign = ALL_TYPE_FIELDS.find((f) => body[f] !== undefined && !allowed.includes(f))
  if (foreign) throw new ApiError('FIELD_NOT_ALLOWED', { field: foreign, params: { type: typeId }, message: MESSAGES.fieldOfOtherType })

  const owned = processUniqueId ? deps.findProcess(processUniqueId, auth.brokerId) : deps.findSimulation(simulationUniqueId!, auth.brokerId)
  if (!owned) {
    const [name, id] = processUniqueId ? ['process', processUniqueId] : ['simulation', simulationUniqueId!]
    throw new ApiError('NOT_FOUND', { field: `${name}UniqueId`, params: { resource: name, id } })
  }

  const configuration = deps.callbacks.configuration(partnerUniqueID, typeId)
  // Without an active address, a connected listener is where the echo goes (the delivery log shows it delivered through listen).
  const listened = configuration?.status !== 'active' && deps.listening?.(partnerUniqueID, auth.brokerId, typeId) === true
  if (!configuration && !listened) {
    throw new ApiError('BUSINESS_RULE', {
      field: 'notificationTypeID',
      params: { type: typeId, partner: partnerUniqueID },
      message: MESSAGES.echoNotConfigured,
    })
  }
  if (configuration?.status === 'disabled' && !listened) {
    throw new ApiError('BUSINESS_RULE', {
      field: 'notificationTypeID',
      params: { type: typeId, partner: partnerUniqueID, reason: configuration.disabledReason ?? '' },
      message: MESSAGES.echoDisabled,
    })
  }

  let event: NotificationEvent
  if (typeId === NOTIFICATION_TYPE.PROCESS_STATUS_CHANGED) {
    const s = status(deps.taxonomy, PROCESS_STATES, 'processStatusId', body.processStatusId, owned.statusId, lang)
    event = eventOf('PROCESS_STATUS_CHANGED', {
      partnerUniqueID,
      brokerId: auth.brokerId,
      processUniqueId: processUniqueId!,
      processStatusId: s.id,
      processStatusDescription: body.processStatusDescription ?? s.description,
    })
  } else if (typeId === NOTIFICATION_TYPE.SIMULATION_STATUS_CHANGED) {
    const s = status(deps.taxonomy, SIMULATION_STATES, 'simulationStatusId', body.simulationStatusId, owned.statusId, lang)
    event = eventOf('SIMULATION_STATUS_CHANGED', {
      partnerUniqueID,
      brokerId: auth.brokerId,
      simulationUniqueId: simulationUniqueId!,
      simulationStatusId: s.id,
      simulationStatusDescription: body.simulationStatusDescription ?? s.description,
    })
  } else {
    const target = processUniqueId ? { processUniqueId } : { simulationUniqueId: simulationUniqueId! }
    event = eventOf('NEW_MESSAGE', {
      partnerUniqueID,
      brokerId: auth.brokerId,
      ...target,
      messageUniqueId: randomUUID(),
      messageText: body.messageText ?? MESSAGES.defaultMessage[lang],
      origin: 'BANK',
    })
  }
  return publish(event)
}
