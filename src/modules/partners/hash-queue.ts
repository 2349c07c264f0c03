import { ApiError } from '../../common/api-error.ts'
import type { HashPriority } from './hash-threads.ts'

/** How many password hashes run at once, and how many may wait: one key's (a partner's) and all of them. */
export interface HashQueueLimits {
  /** Hashes at once of each priority: each holds 16 MiB (at the production cost) and a thread. */
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
  waiting: Array<(priority: HashPriority) => void>
  running: number
  lastTurn: number
}

/**
 * The password hashes of every login, sign-up and new password, taking turns (docs/design.md
 * "Authentication", decision 0316). A key's hash runs `first` (the process's priority) when it is the
 * key's only one, `backlog` (below everything) when others of the key run or wait beside it: another
 * partner's login runs beside a partner's burst, not behind it, and takes the core from it. At most
 * `slots` of each priority run at once, which bounds their memory. The others wait in one queue per
 * key (a partner, or the client address of a username no partner has), and a free slot goes to the
 * waiting key served least recently, round-robin. Past `perKey` waiting for a key, or `total` in all, a
 * hash is refused at once (429 010512, with Retry-After from the measured time of a hash), so no login
 * waits without bound.
 */
export function createHashQueue(limits: HashQueueLimits, now: () => number = () => performance.now()) {
  const running: Record<HashPriority, number> = { first: 0, backlog: 0 }
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

  /** The priority of the key's next hash to start: first when it has no other running or waiting. */
  const priorityOf = (state: KeyState, waitingBeside: number): HashPriority => (state.running === 0 && waitingBeside === 0 ? 'first' : 'backlog')

  /** Gives free slots to the waiting keys, the one served least recently first. */
  function next(): void {
    for (;;) {
      let chosen: KeyState | undefined
      let chosenPriority: HashPriority = 'first'
      for (const state of keys.values()) {
        if (state.waiting.length === 0 || (chosen && state.lastTurn >= chosen.lastTurn)) continue
        const priority = priorityOf(state, state.waiting.length - 1)
        if (running[priority] >= limits.slots) continue
        chosen = state
        chosenPriority = priority
      }
      if (!chosen) return
      const start = chosen.waiting.shift()!
      waiting -= 1
      take(chosen, chosenPriority)
      start(chosenPriority)
    }
  }

  function take(state: KeyState, priority: HashPriority): void {
    running[priority] += 1
    state.running += 1
    state.lastTurn = turn++
  }

  /** Seconds until the queue has room again: the hashes waiting, at the measured time of one, over the slots. */
  const retryAfter = () => String(Math.max(1, Math.ceil(((waiting + 1) * meanMs) / limits.slots / 1000)))

  return {
    /** Hashes running (of each priority) and waiting now, and the keys they are of. */
    sizes: () => ({ running: running.first + running.backlog, first: running.first, backlog: running.backlog, waiting, keys: keys.size }),

    /**
     * `hash` at its priority when the key's turn comes. @throws ApiError 429 (PASSWORD_CHECKS_BUSY)
     * when the key already has `perKey` hashes waiting, or the queue `total`.
     */
    async run<T>(key: string, hash: (priority: HashPriority) => Promise<T>): Promise<T> {
      const own = keys.get(key)
      const priority = own ? priorityOf(own, own.waiting.length) : 'first'
      // Refused only when it could not start at once: its priority's slots all taken, or others waiting.
      const atOnce = running[priority] < limits.slots && waiting === 0
      if (!atOnce && ((own?.waiting.length ?? 0) >= limits.perKey || waiting >= limits.total)) {
        const seconds = retryAfter()
        throw new ApiError('PASSWORD_CHECKS_BUSY', { field: '', params: { seconds } }, { 'Retry-After': seconds })
      }
      const state = stateOf(key)
      waiting += 1
      // In its key's queue, then next() at once: a free slot of its priority is taken now, even while
      // hashes of the other priority wait for theirs. next() counts it running and says at which priority.
      const started = await new Promise<HashPriority>((resolve) => {
        state.waiting.push(resolve)
        next()
      })
      const at = now()
      try {
        return await hash(started)
      } finally {
        meanMs = 0.8 * meanMs + 0.2 * (now() - at)
        running[started] -= 1
        const state = keys.get(key)!
        state.running -= 1
        if (state.running === 0 && state.waiting.length === 0) keys.delete(key)
        next()
      }
    },
  }
}

export type HashQueue = ReturnType<typeof createHashQueue>
