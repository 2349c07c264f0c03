import { documentRequested, newMessage, processCreated, processDecision, processStatusChanged, simulationExpired, simulationStatusChanged } from './notification-events.ts'
import type { NotificationPublisher } from './notification-publisher.ts'

/**
 * The notifications the other modules publish, one method per type their changes cause, each built
 * by its builder (notification-events.ts) and stored by the outbox: a service names the event, never
 * its type id or its data layout. Like `publish`, every method must be called inside the database
 * transaction of the change, and returns the notification id.
 */
export function typedNotifications(publisher: NotificationPublisher) {
  const publish = (event: Parameters<NotificationPublisher['publish']>[0]) => publisher.publish(event)
  return {
    publish,
    processCreated: (e: Parameters<typeof processCreated>[0]) => publish(processCreated(e)),
    processStatusChanged: (e: Parameters<typeof processStatusChanged>[0]) => publish(processStatusChanged(e)),
    processDecision: (e: Parameters<typeof processDecision>[0]) => publish(processDecision(e)),
    simulationStatusChanged: (e: Parameters<typeof simulationStatusChanged>[0]) => publish(simulationStatusChanged(e)),
    simulationExpired: (e: Parameters<typeof simulationExpired>[0]) => publish(simulationExpired(e)),
    newMessage: (e: Parameters<typeof newMessage>[0]) => publish(newMessage(e)),
    documentRequested: (e: Parameters<typeof documentRequested>[0]) => publish(documentRequested(e)),
  }
}

export type Notifications = ReturnType<typeof typedNotifications>
