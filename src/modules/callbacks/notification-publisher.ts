/**
 * The hook point between a change and the partner callbacks (docs/design.md "Callbacks"): services
 * call `publish` inside the transaction that makes the change, so the notification is stored
 * (outbox) if and only if the change is.
 */
export interface NotificationEvent {
  partnerUniqueID: string
  /** The broker of the simulation or process: the one whose users see the notification (docs/design.md "Roles"). */
  brokerId: number
  /** An id of the notification-types reference list (5 process status, 6 simulation status, 7 message…). */
  notificationTypeId: number
  processUniqueId?: string
  simulationUniqueId?: string
  /** Type-specific data of the notification body. */
  data: Record<string, unknown>
  /** Set by Callback Echo: the notification is simulated. */
  test?: boolean
}

export interface NotificationPublisher {
  /** Must be called inside the database transaction of the change. Returns the notification id. */
  publish(event: NotificationEvent): string
}
