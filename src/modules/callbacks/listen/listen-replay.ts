import type { PartnerClock } from '../../../platform/clock.ts'
import type { ListenerIdentity } from './listener-hub.ts'
import type { ListenRepository } from './listen.repository.ts'

/** How far back a listener's replay reaches: the longest `since`. */
export const REPLAY_WINDOW_MS = 24 * 3600 * 1000
/** The partner's newest notifications a replay looks among: a replay is what a developer just missed, not a load test's history. */
export const REPLAY_LOOKS_AT = 1000

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 }

/**
 * A listener's `since` (`90s`, `15m`, `1h`, `24h`) in milliseconds, at most the 24 hours a replay
 * reaches. The query's schema has checked its shape.
 */
export function sinceMs(since: string | undefined): number {
  if (since === undefined) return REPLAY_WINDOW_MS
  const [, amount, unit] = /^(\d+)([smh])$/.exec(since) ?? []
  return Math.min(Number(amount) * UNIT_MS[unit!]!, REPLAY_WINDOW_MS)
}

/** A notification just written to the outbox, as the listeners are offered it. */
export interface PublishedNotification {
  seq: number
  partnerUniqueID: string
  brokerId: number | null
  notificationTypeId: number
  resourceKey: string
}

/**
 * Nothing missed before `mortgage-sandbox listen` connects (docs/design.md "Callbacks on a laptop",
 * decision 1090): a listener that connects receives, oldest first and marked replayed with their
 * webhook-id unchanged, the notifications it takes that reached no receiver: no address had them
 * (skipped, or its configuration disabled) and no listener took them. They are read from the outbox
 * itself, among the partner's newest 1,000 and published in the window asked (24 hours at most, on
 * the machine's clock): publishing a notification writes nothing for a replay, and a replay stores
 * nothing but its deliveries.
 */
export function createListenReplay(deps: { clock: PartnerClock; repo: Pick<ListenRepository, 'replay'> }) {
  const { clock, repo } = deps
  return {
    /**
     * The notifications the listener takes, published in the last `windowMs`, that no receiver took,
     * become its deliveries due now (inside a write transaction). @returns how many, and from when.
     */
    replay(listener: Pick<ListenerIdentity, 'partnerUniqueID' | 'brokerId' | 'types'>, windowMs: number): { notifications: number; since: string } {
      const now = clock.machine.now()
      const since = new Date(now.getTime() - Math.min(windowMs, REPLAY_WINDOW_MS)).toISOString()
      const types = listener.types === null ? null : [...listener.types]
      const notifications = repo.replay({ partnerUniqueID: listener.partnerUniqueID, brokerId: listener.brokerId, types, since, now: now.toISOString(), looksAt: REPLAY_LOOKS_AT })
      return { notifications, since }
    },
  }
}

export type ListenReplay = ReturnType<typeof createListenReplay>
