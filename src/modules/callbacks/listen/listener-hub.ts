import { randomUUID } from 'node:crypto'
import { ApiError } from '../../../common/api-error.ts'
import type { WebhookOutcome } from '../webhook-sender.ts'

/** What a listener forwards: the notification exactly as a direct delivery would POST it. */
export interface ForwardedNotification {
  attemptId: string
  notificationId: string
  notificationTypeId: number
  notificationType: string
  /** The headers of a direct delivery: Content-Type, User-Agent, webhook-id, webhook-timestamp, webhook-signature. */
  headers: Record<string, string>
  /** The body, byte for byte the one a direct delivery POSTs. */
  body: string
}

/** The way to a connected listener's stream: false when it is gone. */
export interface ListenerChannel {
  send(event: { event: string; id?: string; data: string }): boolean
  close(): void
}

/** What the local server answered, as the command line reports it. */
export interface ListenReport {
  httpStatus: number | null
  latencyMs: number
  responseExcerpt: string | null
  error: string | null
}

export interface ListenerIdentity {
  partnerUniqueID: string
  userId: number
  /** The broker whose notifications it receives; null: every broker of the partner (an administrator's). */
  brokerId: number | null
  /** The notification types it takes; null: all. */
  types: ReadonlySet<number> | null
  /** Where the command line forwards to, as it said (shown in the delivery log). */
  forwardTo: string | null
}

interface Listener extends ListenerIdentity {
  listenerId: string
  channel: ListenerChannel | undefined
  waiting: Map<string, (outcome: WebhookOutcome) => void>
}

export interface ListenerHandle {
  listenerId: string
  attach(channel: ListenerChannel): void
  detach(): void
}

const unsent = (error: string, latencyMs = 0): WebhookOutcome => ({ httpStatus: null, latencyMs, error, responseExcerpt: null, retryAfter: undefined })

/** Whether a listener takes a notification of this broker (null: of no broker) and type. */
const takes = (listener: ListenerIdentity, brokerId: number | null, notificationTypeId: number) =>
  (listener.brokerId === null || listener.brokerId === brokerId) && (listener.types === null || listener.types.has(notificationTypeId))

/**
 * The listeners connected to this process (docs/design.md "Callbacks on a laptop"): at most `limit`
 * per partner (a 409 naming the `listeners` quota past it), each with the attempts it was sent and
 * has not reported yet. In memory: a listener is a connection, gone with the process.
 */
export function createListenerHub(options: { limit: number | null }) {
  const listeners = new Map<string, Listener>()
  let shutDown = false
  const ofPartner = (partnerUniqueID: string) => [...listeners.values()].filter((l) => l.partnerUniqueID === partnerUniqueID)

  function remove(listener: Listener): void {
    if (!listeners.delete(listener.listenerId)) return
    for (const resolve of [...listener.waiting.values()]) resolve(unsent('the listener disconnected before it reported'))
  }

  return {
    /** @throws ApiError 409 (010605, quota `listeners`) when the partner has `limit` listeners connected. */
    register(identity: ListenerIdentity): ListenerHandle {
      if (shutDown) throw new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: 'the sandbox is stopping; listen again in a few seconds' } }, { 'Retry-After': '5' })
      if (options.limit !== null && ofPartner(identity.partnerUniqueID).length >= options.limit) {
        throw new ApiError('QUOTA_EXCEEDED', { field: 'listeners', params: { quota: 'listeners', limit: options.limit } })
      }
      const listener: Listener = { ...identity, listenerId: `lsn_${randomUUID().replaceAll('-', '')}`, channel: undefined, waiting: new Map() }
      listeners.set(listener.listenerId, listener)
      return {
        listenerId: listener.listenerId,
        attach: (channel) => (listener.channel = channel),
        detach: () => remove(listener),
      }
    },

    /** The partner's connected listeners that take a notification of this broker and type. */
    takers: (partnerUniqueID: string, brokerId: number | null, notificationTypeId: number) =>
      ofPartner(partnerUniqueID).filter((l) => l.channel && takes(l, brokerId, notificationTypeId)),

    anyTaker: (partnerUniqueID: string, brokerId: number | null, notificationTypeId: number) =>
      ofPartner(partnerUniqueID).some((l) => takes(l, brokerId, notificationTypeId)),

    /** Sends the notification to the listener; resolves with its report, or a failure when none comes within `timeoutMs`. */
    forward(listener: ListenerIdentity & { listenerId: string }, notification: Omit<ForwardedNotification, 'attemptId'>, timeoutMs: number): Promise<WebhookOutcome> {
      const connected = listeners.get(listener.listenerId)
      if (!connected?.channel) return Promise.resolve(unsent('the listener disconnected'))
      const attemptId = randomUUID()
      const started = performance.now()
      return new Promise<WebhookOutcome>((resolve) => {
        const timer = setTimeout(() => settle(unsent(`no report within ${timeoutMs / 1000} s`, Math.round(performance.now() - started))), timeoutMs)
        const settle = (outcome: WebhookOutcome) => {
          clearTimeout(timer)
          connected.waiting.delete(attemptId)
          resolve(outcome)
        }
        connected.waiting.set(attemptId, settle)
        const sent = connected.channel!.send({ event: 'notification', id: attemptId, data: JSON.stringify({ attemptId, ...notification }) })
        if (!sent) settle(unsent('the listener disconnected'))
      })
    },

    /** The command line's report of an attempt; false when no such attempt of the caller's listener is awaited. */
    report(caller: { partnerUniqueID: string; userId: number }, listenerId: string, attemptId: string, report: ListenReport): boolean {
      const listener = listeners.get(listenerId)
      if (!listener || listener.partnerUniqueID !== caller.partnerUniqueID || listener.userId !== caller.userId) return false
      const settle = listener.waiting.get(attemptId)
      if (!settle) return false
      settle({ ...report, retryAfter: undefined })
      return true
    },

    /** Whether the listener is connected and the caller's own. */
    owns: (caller: { partnerUniqueID: string; userId: number }, listenerId: string) => {
      const listener = listeners.get(listenerId)
      return listener !== undefined && listener.partnerUniqueID === caller.partnerUniqueID && listener.userId === caller.userId
    },

    /** Listeners connected now: all, or the partner's. */
    count: (partnerUniqueID?: string) => (partnerUniqueID === undefined ? listeners.size : ofPartner(partnerUniqueID).length),

    /** Ends every stream: the command lines reconnect. */
    closeAll(): void {
      for (const listener of [...listeners.values()]) {
        listener.channel?.close()
        remove(listener)
      }
    },

    /** The server is stopping: every stream ends and no listener connects any more (503). */
    shutdown(): void {
      shutDown = true
      for (const listener of [...listeners.values()]) {
        listener.channel?.close()
        remove(listener)
      }
    },
  }
}

export type ListenerHub = ReturnType<typeof createListenerHub>
