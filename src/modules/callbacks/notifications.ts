import { documentRequested, newMessage, processCreated, processDecision, processStatusChanged, simulationExpired, simulationStatusChanged } from './notification-events.ts'
import type { NotificationPublisher } from './notification-publisher.ts'

/**
 * The notifications the other modules publish, one method per type their changes cause, each built
 * by its builder (notification-events.ts) and stored by the outbox: a service names the event, never
 * its type id or its data layout. Like `publish`, every method must be called inside the database
 * transaction of the change, and returns the notification id.
 */
export function typedNotifications(publisher: NotificationPublisher) {
  // Every method goes through this object's own `publish`: one point where every notification passes.
  const notifications = {
    publish: (event: Parameters<NotificationPublisher['publish']>[0]): string => publisher.publish(event),
    processCreated: (e: Parameters<typeof processCreated>[0]): string => notifications.publish(processCreated(e)),
    processStatusChanged: (e: Parameters<typeof processStatusChanged>[0]): string => notifications.publish(processStatusChanged(e)),
    processDecision: (e: Parameters<typeof processDecision>[0]): string => notifications.publish(processDecision(e)),
    simulationStatusChanged: (e: Parameters<typeof simulationStatusChanged>[0]): string => notifications.publish(simulationStatusChanged(e)),
    simulationExpired: (e: Parameters<typeof simulationExpired>[0]): string => notifications.publish(simulationExpired(e)),
    newMessage: (e: Parameters<typeof newMessage>[0]): string => notifications.publish(newMessage(e)),
    documentRequested: (e: Parameters<typeof documentRequested>[0]): string => notifications.publish(documentRequested(e)),
  }
  return notifications
}

export type Notifications = ReturnType<typeof typedNotifications>
