import { ApiError } from '../../common/api-error.ts'

/** How many password hashes run at once, and how many may wait: one key's (a partner's) and all of them. */
export interface HashQueueLimits {
  /** Hashes at once: each holds 16 MiB (at the production cost) and a thread of libuv's pool. */
  slots: number
  /** Hashes one key may have waiting; one more is refused. */
  perKey: number
  /** Hashes waiting in all; one more is refused. */
  total: number
}

/**
 * Whose turn a hash takes: a partner's users' logins and new passwords; a username no partner has,
 * its client address's (so unknown usernames cannot crowd a partner out); the sign-ups; the operator's.
 */
export const hashTurn = {
  partner: (partnerUniqueID: string) => `partner:${partnerUniqueID}`,
  address: (addressKey: string) => `address:${addressKey}`,
  signup: 'signup',
  operator: 'operator',
} as const

/** The first guess of a hash's time, until one was measured: about the production cost's on a loaded core. */
const FIRST_ESTIMATE_MS = 500

/** A key's hashes: those waiting (in order), those running, and the turn it was last given a slot. */
interface KeyState {
  waiting: Array<() => void>
  running: number
  lastTurn: number
}

/**
 * The password hashes of every login, sign-up and new password, taking turns (docs/design.md
 * "Authentication"). At most `slots` run at once, which bounds their memory. The others wait in one
 * queue per key (a partner, or the client address of a username no partner has), and a free slot goes
 * to the waiting key served least recently, round-robin: a partner's burst of logins waits behind
 * itself, and another partner's login waits for at most one hash of each partner ahead of it, never
 * for the whole burst. Past `perKey` waiting for a key, or `total` in all, a hash is refused at once
 * (429 010512, with Retry-After from the measured time of a hash), so no login waits without bound.
 */
export function createHashQueue(limits: HashQueueLimits, now: () => number = () => performance.now()) {
  let running = 0
  let waiting = 0
  let turn = 0
  // The keys with a hash running or waiting; forgotten when they have neither.
  const keys = new Map<string, KeyState>()
  let meanMs = FIRST_ESTIMATE_MS

  function stateOf(key: string): KeyState {
    let state = keys.get(key)
    if (!state) keys.set(key, (state = { waiting: [], running: 0, lastTurn: -1 }))
    return state
  }

  /** Gives free slots to the waiting keys, the one served least recently first. */
  function next(): void {
    while (running < limits.slots && waiting > 0) {
      let chosen: KeyState | undefined
      for (const state of keys.values()) if (state.waiting.length > 0 && (!chosen || state.lastTurn < chosen.lastTurn)) chosen = state
      const start = chosen!.waiting.shift()!
      waiting -= 1
      take(chosen!)
      start()
    }
  }

  function take(state: KeyState): void {
    running += 1
    state.running += 1
    state.lastTurn = turn++
  }

  /** Seconds until the queue has room again: the hashes waiting, at the measured time of one, over the slots. */
  const retryAfter = () => String(Math.max(1, Math.ceil(((waiting + 1) * meanMs) / limits.slots / 1000)))

  return {
    /** Hashes running and waiting now, and the keys they are of. */
    sizes: () => ({ running, waiting, keys: keys.size }),

    /**
     * `hash` when the key's turn comes. @throws ApiError 429 (PASSWORD_CHECKS_BUSY) when the key
     * already has `perKey` hashes waiting, or the queue `total`.
     */
    async run<T>(key: string, hash: () => Promise<T>): Promise<T> {
      if (running < limits.slots && waiting === 0) take(stateOf(key))
      else {
        if ((keys.get(key)?.waiting.length ?? 0) >= limits.perKey || waiting >= limits.total) {
          const seconds = retryAfter()
          throw new ApiError('PASSWORD_CHECKS_BUSY', { field: '', params: { seconds } }, { 'Retry-After': seconds })
        }
        const state = stateOf(key)
        waiting += 1
        // Started by next(), which counts it running first.
        await new Promise<void>((resolve) => state.waiting.push(resolve))
      }
      const started = now()
      try {
        return await hash()
      } finally {
        meanMs = 0.8 * meanMs + 0.2 * (now() - started)
        running -= 1
        const state = keys.get(key)!
        state.running -= 1
        if (state.running === 0 && state.waiting.length === 0) keys.delete(key)
        next()
      }
    },
  }
}

export type HashQueue = ReturnType<typeof createHashQueue>
