import type { PartnerClock } from '../../../platform/clock.ts'
import type { ListenerIdentity } from './listener-hub.ts'
import type { ListenRepository } from './listen.repository.ts'

/** How long a notification that reached no receiver is kept for a listener: the longest `since`. */
export const KEPT_FOR_MS = 24 * 3600 * 1000
/** What a kept notification's row costs in the storage quota besides its body (its keys, its dates, its index entries). */
export const KEPT_ROW_BYTES = 256

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 }

/**
 * A listener's `since` (`90s`, `15m`, `1h`, `24h`) in milliseconds, at most the 24 hours a notification
 * is kept. The query's schema has checked its shape.
 */
export function sinceMs(since: string | undefined): number {
  if (since === undefined) return KEPT_FOR_MS
  const [, amount, unit] = /^(\d+)([smh])$/.exec(since) ?? []
  return Math.min(Number(amount) * UNIT_MS[unit!]!, KEPT_FOR_MS)
}

/** A notification just written to the outbox that no connected listener took. */
export interface UntakenNotification {
  seq: number
  partnerUniqueID: string
  brokerId: number | null
  notificationTypeId: number
  resourceKey: string
  /** Whether an active address will receive it (its own deliveries, retries included). */
  reachesAddress: boolean
  body: string
}

/**
 * Nothing missed before `mortgage-sandbox listen` connects (docs/design.md "Callbacks on a laptop"):
 * a notification no listener took and no address will receive is kept, 24 hours at most and only
 * while the partner's storage quota has room for it; a listener that connects receives the kept
 * notifications it takes, oldest first, marked replayed, with their webhook-id unchanged.
 */
export function createListenReplay(deps: {
  clock: PartnerClock
  repo: Pick<ListenRepository, 'keep' | 'expireOfPartner' | 'expire' | 'replay'>
  /** Whether the partner's storage quota has room for `bytes` more; absent: always. */
  room?: ((partnerUniqueID: string, bytes: number) => boolean) | undefined
}) {
  const { clock, repo } = deps
  const oldestKept = (now: Date) => new Date(now.getTime() - KEPT_FOR_MS).toISOString()

  return {
    /** Inside the publisher's transaction; returns whether it was kept (false: an address has it, or no room). */
    keep(notification: UntakenNotification): boolean {
      if (notification.reachesAddress) return false
      const now = clock.machine.now()
      // The partner's notifications past 24 hours go first: they free the room this one may need.
      repo.expireOfPartner(notification.partnerUniqueID, oldestKept(now))
      const bytes = KEPT_ROW_BYTES + Buffer.byteLength(notification.body)
      if (deps.room && !deps.room(notification.partnerUniqueID, bytes)) return false
      const { seq, partnerUniqueID, brokerId, notificationTypeId, resourceKey } = notification
      repo.keep({ seq, partnerUniqueID, brokerId, notificationTypeId, resourceKey, bytes, keptAt: now.toISOString() })
      return true
    },

    /**
     * The kept notifications the listener takes, kept in the last `windowMs`, become its deliveries
     * due now (inside a write transaction). @returns how many, and from when.
     */
    replay(listener: Pick<ListenerIdentity, 'partnerUniqueID' | 'brokerId' | 'types'>, windowMs: number): { notifications: number; since: string } {
      const now = clock.machine.now()
      const since = new Date(now.getTime() - Math.min(windowMs, KEPT_FOR_MS)).toISOString()
      const types = listener.types === null ? null : [...listener.types]
      const notifications = repo.replay({ partnerUniqueID: listener.partnerUniqueID, brokerId: listener.brokerId, types, since, now: now.toISOString() })
      return { notifications, since }
    },

    /**
     * The retention sweeper's kind: up to `limit` kept notifications past their 24 hours (or older
     * than the retention's own cutoff, should it be shorter).
     */
    expire(cutoff: Date, limit: number): number {
      const kept = Date.parse(oldestKept(clock.machine.now()))
      return repo.expire(new Date(Math.max(kept, cutoff.getTime())).toISOString(), limit)
    },
  }
}

export type ListenReplay = ReturnType<typeof createListenReplay>
