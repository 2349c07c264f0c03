import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { NOTIFICATION_TYPES_LIST } from '../outbox-publisher.ts'
import { derivedSigningSecret, newSigningSecret } from '../webhook-signature.ts'
import type { ListenerChannel, ListenerHub, ListenerIdentity, ListenReport } from './listener-hub.ts'
import type { ListenRepository } from './listen.repository.ts'

/** A notification just written to the outbox, offered to the partner's listeners. */
export interface PublishedNotification {
  seq: number
  partnerUniqueID: string
  brokerId: number | null
  notificationTypeId: number
  resourceKey: string
}

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
  /** Wakes the listen worker (a listener connected, a delivery was written). */
  wake(): void
  heartbeatMs: number
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
     * @throws ApiError 400 (unknown type), 409 (010605, the `listeners` quota).
     */
    open(auth: AuthContext, query: { types?: string | undefined; forwardTo?: string | undefined }) {
      const types = parseTypes(deps.taxonomy, query.types)
      const brokerId = auth.admin ? null : auth.brokerId
      const handle = hub.register({ partnerUniqueID: auth.partnerUniqueID, userId: auth.userId, brokerId, types, forwardTo: query.forwardTo ?? null })
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

    /** Called inside the publisher's transaction: a delivery through the listeners when one connected takes it. */
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
