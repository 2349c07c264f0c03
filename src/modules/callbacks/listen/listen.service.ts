import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { AccessChange } from '../../../common/access-change.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { NOTIFICATION_TYPES_LIST } from '../outbox-publisher.ts'
import { derivedSigningSecret, newSigningSecret } from '../webhook-signature.ts'
import type { ListenerChannel, ListenerEnding, ListenerHub, ListenerIdentity, ListenReport } from './listener-hub.ts'
import type { ListenRepository } from './listen.repository.ts'
import { sinceMs, type ListenReplay, type PublishedNotification } from './listen-replay.ts'
import { DEMOTED, endingOfChange, endingOfRefusal } from './listen-endings.ts'

/** A notification just written to the outbox, offered to the partner's listeners (kept for them when none takes it). */

/** What the stream tells the command line first. */
export interface ListenerReady {
  listenerId: string
  /**
   * What signs the notifications this listener forwards (Standard Webhooks): an administrator's, the
   * partner's listen secret; another user's, a secret of that user's own, derived from it.
   */
  signingSecret: string
  /** The types it receives; null: all. */
  types: number[] | null
  /** Whose notifications: the caller's broker's, or (an administrator's listener) the whole partner's. */
  scope: 'broker' | 'partner'
  heartbeatSeconds: number
}

export interface ListenServiceDeps {
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  repo: ListenRepository
  hub: ListenerHub
  /** What reached no receiver, kept for the listeners that connect later. */
  replay: ListenReplay
  /** Wakes the listen worker (a listener connected, a delivery was written). */
  wake(): void
  heartbeatMs: number
  /**
   * The caller a bearer token names now (the same check as every request's): an open stream is held
   * to it, so it ends when the token's user loses what the stream was opened with.
   * @throws ApiError 401 when the token no longer authenticates.
   */
  authenticate?: (authorization: string) => AuthContext
}

/** A stream's end when its token no longer authenticates or its user lost the stream's scope, or undefined while it may go on. */
function endingOf(authenticate: (authorization: string) => AuthContext, authorization: string, brokerId: number | null): ListenerEnding | undefined {
  let now: AuthContext
  try {
    now = authenticate(authorization)
  } catch (error) {
    return endingOfRefusal(error)
  }
  return brokerId !== null || now.admin ? undefined : DEMOTED
}

/** @throws ApiError 400 (field `types`) when a type is not in the notification-types list. */
function parseTypes(taxonomy: TaxonomyCatalog, types: string | undefined): Set<number> | null {
  if (types === undefined) return null
  const ids = new Set(types.split(',').map(Number))
  for (const id of ids) {
    if (!taxonomy.get(NOTIFICATION_TYPES_LIST, id)) throw new ApiError('UNKNOWN_REFERENCE', { field: 'types', params: { value: id, list: NOTIFICATION_TYPES_LIST } })
  }
  return ids
}

/**
 * `mortgage-sandbox listen` on the sandbox's side (docs/design.md "Callbacks on a laptop"): a listener
 * connects (its stream), receives its partner's notifications, and reports the local server's answer
 * to each. A non-administrator's listener receives its broker's notifications; an administrator's,
 * the whole partner's.
 */
export function createListenService(deps: ListenServiceDeps) {
  const { clock, repo, hub } = deps

  const secretOf = deps.writes.transaction((partnerUniqueID: string) => repo.secretOf(partnerUniqueID, newSigningSecret, clock.machine.now().toISOString()))
  const makeDue = deps.writes.transaction((partnerUniqueID: string, brokerId: number | null) => repo.makeDue(partnerUniqueID, brokerId, clock.machine.now().toISOString()))
  const replayTo = deps.writes.transaction((listener: Pick<ListenerIdentity, 'partnerUniqueID' | 'brokerId' | 'types'>, windowMs: number) => deps.replay.replay(listener, windowMs))

  /**
   * The secret of a listener's notifications. A signing secret is an administrator's (the callback
   * secrets are revealed to administrators only): any other user gets one of its own, which signs
   * only what its own listeners receive, its broker's notifications.
   */
  function secretFor(listener: Pick<ListenerIdentity, 'partnerUniqueID' | 'userId' | 'brokerId'>): string {
    const partnerSecret = secretOf(listener.partnerUniqueID)
    return listener.brokerId === null ? partnerSecret : derivedSigningSecret(partnerSecret, `listen-user:${listener.userId}`)
  }

  return {
    secretFor,

    /**
     * A listener of the caller, registered at once (so the quota holds against concurrent connects);
     * its stream attaches to it. Its partner's notifications waiting for a listener it takes are made
     * due now: a reconnect drains them.
     * @throws ApiError 400 (unknown type), 401 (the token no longer authenticates), 409 (010605, the `listeners` quota).
     */
    open(
      caller: AuthContext,
      query: { types?: string | undefined; forwardTo?: string | undefined; since?: string | undefined; replay?: 'true' | 'false' | undefined },
      authorization?: string,
    ) {
      const types = parseTypes(deps.taxonomy, query.types)
      const { authenticate } = deps
      // Checked again as it registers: the request may have waited (its fair share's turn, a
      // scenario's latency) while its user's rights changed.
      const auth = authenticate && authorization !== undefined ? authenticate(authorization) : caller
      const brokerId = auth.admin ? null : auth.brokerId
      const recheck = authenticate && authorization !== undefined ? () => endingOf(authenticate, authorization, brokerId) : undefined
      const handle = hub.register({ partnerUniqueID: auth.partnerUniqueID, userId: auth.userId, brokerId, types, forwardTo: query.forwardTo ?? null }, recheck)
      const ready: ListenerReady = {
        listenerId: handle.listenerId,
        signingSecret: secretFor({ partnerUniqueID: auth.partnerUniqueID, userId: auth.userId, brokerId }),
        types: types === null ? null : [...types].sort((a, b) => a - b),
        scope: brokerId === null ? 'partner' : 'broker',
        heartbeatSeconds: deps.heartbeatMs / 1000,
      }
      return {
        ready,
        heartbeatMs: deps.heartbeatMs,
        attach(channel: ListenerChannel): void {
          handle.attach(channel)
          // What reached no receiver before it connected comes first, oldest first, marked replayed.
          if (query.replay !== 'false') {
            const replayed = replayTo({ partnerUniqueID: auth.partnerUniqueID, brokerId, types }, sinceMs(query.since))
            if (replayed.notifications > 0) channel.send({ event: 'replay', data: JSON.stringify(replayed) })
          }
          makeDue(auth.partnerUniqueID, brokerId)
          deps.wake()
        },
        detach: handle.detach,
      }
    },

    /** @throws ApiError 404 when the listener is not the caller's, or the attempt is not awaited (answered, or timed out). */
    report(auth: AuthContext, listenerId: string, attempt: ListenReport & { attemptId: string }): void {
      const { attemptId, ...report } = attempt
      if (!hub.owns(auth, listenerId)) throw new ApiError('NOT_FOUND', { field: 'listenerId', params: { resource: 'listener', id: listenerId } })
      if (!hub.report(auth, listenerId, attemptId, report)) throw new ApiError('NOT_FOUND', { field: 'attemptId', params: { resource: 'attempt', id: attemptId } })
    },

    /**
     * A change of a user's rights (or of every user of a partner) the partners module just applied:
     * the listeners it concerns end at once, their last event saying why. A demotion ends the
     * user's listeners of the whole partner only: its broker's would still be its own (and are
     * signed with its own secret, where the partner-wide ones were signed with the partner's).
     */
    accessChanged(change: AccessChange): number {
      const concerned = (l: ListenerIdentity) => (change.userId === null || l.userId === change.userId) && (change.reason !== 'demoted' || l.brokerId === null)
      return hub.endWhere(change.partnerUniqueID, concerned, endingOfChange(change))
    },

    /**
     * Called inside the publisher's transaction: a delivery through the listeners when one connected
     * takes it. Else nothing is written: the outbox's row is what a later listener's replay reads.
     */
    offer(notification: PublishedNotification): void {
      const { partnerUniqueID, brokerId, notificationTypeId } = notification
      if (!hub.anyTaker(partnerUniqueID, brokerId, notificationTypeId)) return
      const now = clock.now(partnerUniqueID).toISOString()
      repo.insert({ seq: notification.seq, partnerUniqueID, brokerId, resourceKey: notification.resourceKey, nextAttemptAt: clock.dueAt(partnerUniqueID), now })
      deps.wake()
    },
  }
}

export type ListenService = ReturnType<typeof createListenService>
