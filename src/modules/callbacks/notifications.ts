import { notificationEvent, notificationTypeNamed, type DeclarationOf, type EventInput } from './notification-events.ts'
import type { NotificationPublisher } from './notification-publisher.ts'
import { NOTIFICATION_TYPES, type DeclaredNotificationType, type NotificationCode, type NotificationTypes } from './notification-types.schemas.ts'

/** PROCESS_STATUS_CHANGED → processStatusChanged: a type's method on the typed publisher. */
type CamelTail<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Capitalize<Lowercase<Head>>}${CamelTail<Tail>}` : Capitalize<Lowercase<S>>
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}${CamelTail<Tail>}` : Lowercase<S>

const camel = (code: string): string => code.toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** One method a type: `notifications.processDecision({ … })`, typed by the type's declaration. */
type TypedMethods = { readonly [C in NotificationCode as Camel<C>]: (e: EventInput<DeclarationOf<C>>) => string }

/** A notification published while `watch` ran. */
export interface WatchedNotification {
  notificationId: string
  notificationTypeId: number
}

interface PublisherCore {
  /** Every method goes through it: one point where every notification passes. */
  publish: NotificationPublisher['publish']
  /** Runs `change` and answers the notifications it published (what `trigger` reports). */
  watch<T>(change: () => T): { result: T; published: WatchedNotification[] }
  /** The declared types (notification-types.schemas.ts), in order. */
  types: NotificationTypes
  /** A type named by its id or its code; undefined when the sandbox does not know it. */
  named(name: string | number): DeclaredNotificationType | undefined
}

export type Notifications = PublisherCore & TypedMethods

/**
 * The notifications the other modules publish, one method per declared type, each built by the one
 * builder (notification-events.ts) and stored by the outbox: a service names the event, never its
 * type id or its data layout. Like `publish`, every method must be called inside the database
 * transaction of the change, and returns the notification id.
 */
export function typedNotifications(publisher: NotificationPublisher): Notifications {
  let watching: WatchedNotification[] | undefined
  const core: PublisherCore = {
    publish(event) {
      const notificationId = publisher.publish(event)
      if (watching) watching.push({ notificationId, notificationTypeId: event.notificationTypeId })
      return notificationId
    },
    watch(change) {
      const outer = watching
      const published: WatchedNotification[] = []
      watching = published
      try {
        return { result: change(), published }
      } finally {
        watching = outer
        outer?.push(...published)
      }
    },
    types: NOTIFICATION_TYPES,
    named: notificationTypeNamed,
  }
  const methods = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [camel(type.code), (e: EventInput<typeof type>) => core.publish(notificationEvent(type, e))]))
  return Object.assign(core, methods) as unknown as Notifications
}
