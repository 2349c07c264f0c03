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
  /** It reached no receiver when it happened and was kept: sent now because this listener connected (same webhook-id). */
  replayed: boolean
}

/** The way to a connected listener's stream: false when it is gone. */
export interface ListenerChannel {
  send(event: { event: string; id?: string; data: string }): boolean
  /** Ends the stream, after `last` when given (written before the stream closes). */
  close(last?: { event: string; data: string }): void
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

/** Why a stream ends while it is open: its user lost the rights it was opened with, or its token expired. */
export interface ListenerEnding {
  /** A word a program can test: `demoted`, `tokens-revoked`, `password-reset`, `deactivated`, `partner-suspended`, `partner-deleted`, `token-expired`, `unauthorized`. */
  reason: string
  /** What the command line prints. */
  message: string
}

interface Listener extends ListenerIdentity {
  listenerId: string
  /** Whether the user may still receive what the listener takes; undefined: it may. */
  recheck: (() => ListenerEnding | undefined) | undefined
  channel: ListenerChannel | undefined
  /** Ended before its stream attached: the stream closes at once, after the last event. */
  ending: ListenerEnding | undefined
  waiting: Map<string, (outcome: WebhookOutcome) => void>
}

export interface ListenerHandle {
  listenerId: string
  attach(channel: ListenerChannel): void
  detach(): void
}

/** The last event of a stream its user's rights ended. */
const closedEvent = (ending: ListenerEnding) => ({ event: 'closed', data: JSON.stringify(ending) })

const unsent = (error: string, latencyMs = 0): WebhookOutcome => ({ httpStatus: null, latencyMs, error, responseExcerpt: null, retryAfter: undefined })

/** Whether a listener takes a notification of this broker (null: of no broker) and type. */
const takes = (listener: ListenerIdentity, brokerId: number | null, notificationTypeId: number) =>
  (listener.brokerId === null || listener.brokerId === brokerId) && (listener.types === null || listener.types.has(notificationTypeId))

/** Listeners one user may have connected at once, when the partner's are bounded: no user takes every slot. */
export const LISTENERS_PER_USER = 3

/**
 * The listeners connected to this process (docs/design.md "Callbacks on a laptop"): at most `limit`
 * per partner (a 409 naming the `listeners` quota past it) and `perUser` of one user
 * (`listenersPerUser`), the last free slot an administrator's, so no user of a broker locks the
 * administrators out; each with the attempts it was sent and has not reported yet. In memory: a
 * listener is a connection, gone with the process.
 */
export function createListenerHub(options: { limit: number | null; perUser?: number; recheckMs?: number }) {
  const listeners = new Map<string, Listener>()
  let shutDown = false
  const recheckMs = options.recheckMs ?? 500
  let sweep: ReturnType<typeof setInterval> | undefined

  /** The stream's last event says why, then it ends; one not attached yet ends as it attaches. */
  function end(listener: Listener, ending: ListenerEnding): void {
    if (listener.channel) listener.channel.close(closedEvent(ending))
    else listener.ending = ending
    remove(listener)
  }
  /**
   * Every open stream is checked against its user as it stands now, twice a second: a demotion, a
   * revocation, a password reset, a deactivation, a suspension or a deletion ends it within a second
   * (the checks read the users' cache, a map lookup each). Runs only while a listener is connected.
   */
  function recheckAll(): void {
    for (const listener of [...listeners.values()]) {
      const ending = listener.recheck?.()
      if (ending) end(listener, ending)
    }
    if (listeners.size === 0 && sweep) {
      clearInterval(sweep)
      sweep = undefined
    }
  }
  const ofPartner = (partnerUniqueID: string) => [...listeners.values()].filter((l) => l.partnerUniqueID === partnerUniqueID)

  /** @throws ApiError 409 when the identity may not take one of the partner's `limit` slots now. */
  function slotFor(identity: ListenerIdentity, limit: number): void {
    const connected = ofPartner(identity.partnerUniqueID)
    if (connected.length >= limit) throw new ApiError('QUOTA_EXCEEDED', { field: 'listeners', params: { quota: 'listeners', limit } })
    const perUser = options.perUser ?? LISTENERS_PER_USER
    if (connected.filter((l) => l.userId === identity.userId).length >= perUser) {
      throw new ApiError('QUOTA_EXCEEDED', { field: 'listenersPerUser', params: { quota: 'listenersPerUser', limit: perUser } })
    }
    // An administrator's listener takes every broker's notifications (brokerId null); any other user's, its broker's.
    if (identity.brokerId !== null && limit > 1 && connected.length === limit - 1) {
      throw new ApiError('QUOTA_EXCEEDED', {
        field: 'listeners',
        params: { quota: 'listeners', limit },
        message: {
          'pt-PT': `O último dos ${limit} ouvintes do parceiro fica para um administrador: feche um dos ${limit - 1} ligados, ou escute como administrador.`,
          en: `The last of the partner's ${limit} listeners is kept for an administrator: close one of the ${limit - 1} connected, or listen as an administrator.`,
        },
      })
    }
  }

  function remove(listener: Listener): void {
    if (!listeners.delete(listener.listenerId)) return
    for (const resolve of [...listener.waiting.values()]) resolve(unsent('the listener disconnected before it reported'))
  }

  return {
    /**
     * @throws ApiError 409 (010605) when the partner has `limit` listeners connected (quota `listeners`),
     * the user `perUser` (`listenersPerUser`), or one free slot is left and the user is no administrator.
     */
    register(identity: ListenerIdentity, recheck?: () => ListenerEnding | undefined): ListenerHandle {
      if (shutDown) throw new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: 'the sandbox is stopping; listen again in a few seconds' } }, { 'Retry-After': '5' })
      if (options.limit !== null) slotFor(identity, options.limit)
      const listener: Listener = { ...identity, listenerId: `lsn_${randomUUID().replaceAll('-', '')}`, recheck, channel: undefined, ending: undefined, waiting: new Map() }
      listeners.set(listener.listenerId, listener)
      if (recheck && !sweep) {
        sweep = setInterval(recheckAll, recheckMs)
        sweep.unref()
      }
      return {
        listenerId: listener.listenerId,
        attach(channel) {
          if (listener.ending) channel.close(closedEvent(listener.ending))
          else listener.channel = channel
        },
        detach: () => remove(listener),
      }
    },

    /** The partner's connected listeners that take a notification of this broker and type. */
    takers: (partnerUniqueID: string, brokerId: number | null, notificationTypeId: number) =>
      ofPartner(partnerUniqueID).filter((l) => l.channel && takes(l, brokerId, notificationTypeId)),

    /** The partner's listeners whose stream is open, whatever they take (the certification's receivers). */
    attached: (partnerUniqueID: string) => ofPartner(partnerUniqueID).filter((l) => l.channel !== undefined),

    anyTaker: (partnerUniqueID: string, brokerId: number | null, notificationTypeId: number) => ofPartner(partnerUniqueID).some((l) => takes(l, brokerId, notificationTypeId)),

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

    /** Checks every open stream against its user now (what the sweep does twice a second). */
    recheck: recheckAll,

    /**
     * Ends at once, each after a last event saying why, the partner's listeners that `concerned`
     * picks (a change of rights the partners module announces). @returns how many ended.
     */
    endWhere(partnerUniqueID: string, concerned: (listener: ListenerIdentity) => boolean, ending: ListenerEnding): number {
      const ended = ofPartner(partnerUniqueID).filter(concerned)
      for (const listener of ended) end(listener, ending)
      return ended.length
    },

    /** The server is stopping: every stream ends and no listener connects any more (503). */
    shutdown(): void {
      shutDown = true
      if (sweep) clearInterval(sweep)
      sweep = undefined
      for (const listener of [...listeners.values()]) {
        listener.channel?.close()
        remove(listener)
      }
    },
  }
}

export type ListenerHub = ReturnType<typeof createListenerHub>
