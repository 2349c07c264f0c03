import type { z } from '@hono/zod-openapi'
import type { NotificationEvent } from './notification-publisher.ts'
import { NOTIFICATION_TYPES, type DeclaredNotificationType, type NotificationCode, type NotificationResource } from './notification-types.schemas.ts'

/**
 * The events services publish, built from the declarations of notification-types.schemas.ts (docs/design.md
 * "Callbacks"): one builder for every type keeps real changes, Callback Echo and `trigger` sending
 * the same layout, `data` in the declared order; a field without a value (the previous status of a
 * first status, the reject reason of an approval) is left out.
 */

/** Each type's id by its code: `NOTIFICATION_TYPE.PROCESS_DECISION` is 9. */
export const NOTIFICATION_TYPE = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t.code, t.id])) as { readonly [T in DeclaredNotificationType as T['code']]: T['id'] }

/** The declaration of a type, by id or code (as a message pact or `trigger` names it); undefined when unknown. */
export function notificationTypeNamed(name: string | number): DeclaredNotificationType | undefined {
  const text = String(name).trim()
  return NOTIFICATION_TYPES.find((t) => t.code === text.toUpperCase() || String(t.id) === text)
}

interface Common {
  partnerUniqueID: string
  brokerId: number
  test?: boolean
}

type ResourceIds<R extends NotificationResource> = R extends 'process'
  ? { processUniqueId: string }
  : R extends 'simulation'
    ? { simulationUniqueId: string }
    : { processUniqueId: string; simulationUniqueId?: undefined } | { simulationUniqueId: string; processUniqueId?: undefined }

/** The data's fields as a publisher gives them: an optional one may be null (left out). */
type DataInput<Data extends z.ZodObject> = { [K in keyof z.input<Data>]: undefined extends z.input<Data>[K] ? z.input<Data>[K] | null : z.input<Data>[K] }

/** What a service gives to publish a notification of this type: who, about what, and its data's fields. */
export type EventInput<T extends DeclaredNotificationType> = Common & ResourceIds<T['resource']> & DataInput<T['data']>

/** The declaration of a code, typed. */
export type DeclarationOf<C extends NotificationCode> = Extract<DeclaredNotificationType, { code: C }>

/** Each type's data fields, read once from its schema. */
const DATA_KEYS = new Map<number, readonly string[]>(NOTIFICATION_TYPES.map((t) => [t.id, Object.keys(t.data.shape)]))

/** The event of a type from what its publisher gives: the resource's id by the type's resource, the data's fields in order. */
export function notificationEvent<T extends DeclaredNotificationType>(type: T, e: EventInput<T>): NotificationEvent {
  const given = e as unknown as Record<string, unknown>
  const data: Record<string, unknown> = {}
  for (const key of DATA_KEYS.get(type.id)!) {
    const value = given[key]
    if (value !== undefined && value !== null) data[key] = value
  }
  const processUniqueId = type.resource === 'simulation' ? undefined : (given.processUniqueId as string | undefined)
  const event: NotificationEvent = {
    partnerUniqueID: e.partnerUniqueID,
    brokerId: e.brokerId,
    notificationTypeId: type.id,
    processUniqueId,
    simulationUniqueId: processUniqueId ? undefined : (given.simulationUniqueId as string),
    data,
  }
  if (e.test) event.test = true
  return event
}

/** The event of a type named by its code: `eventOf('NEW_MESSAGE', { … })`. */
export const eventOf = <C extends NotificationCode>(code: C, e: EventInput<DeclarationOf<C>>): NotificationEvent =>
  notificationEvent(NOTIFICATION_TYPES.find((t) => t.code === code)! as DeclarationOf<C>, e)
