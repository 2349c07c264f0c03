import type { Clock } from '../../../platform/clock.ts'
import { ApiError } from '../../../common/api-error.ts'
import { makeRoom } from '../../../common/bounded-map.ts'
import { localizedProblem, text } from '../../../common/problems.ts'

/** The figures of the throttle (docs/design.md "Authentication"). */
export const LOGIN_THROTTLE = {
  /** Failed logins of one username answered at full speed; each further one locks it for a while. */
  usernameFreeFailures: 5,
  /** The first lock of a username, doubled by every further failure... */
  usernameFirstLockMs: 1_000,
  /** ...up to this: an attacker can keep a user out only while it keeps failing, never for long. */
  usernameMaxLockMs: 5 * 60_000,
  /** Failed logins one client address may make (any usernames): a bucket this deep... */
  addressBurst: 30,
  /** ...that refills by one failure every this many milliseconds (six a minute). */
  addressRefillMs: 10_000,
  /** Entries with no failure for this long are forgotten. */
  idleMs: 60 * 60_000,
  /** The most usernames and addresses remembered each: whatever names and addresses are sent, memory stays bounded. */
  maxEntries: 10_000,
} as const

interface UsernameState {
  /** Failed logins counted so far (a success ends the count). */
  failures: number
  /** Attempts whose password is being checked: each reserved as a failure until it ends. */
  checking: number
  lockedUntil: number
  lastFailureAt: number
  /** Attempts waiting for a check to end before theirs may begin. */
  waiting: Array<() => void>
}

interface AddressState {
  /** Failures the address may still make, refilled over time. */
  allowance: number
  at: number
}

/** What an attempt tells the throttle when its check is over: exactly one of these, once. */
export interface LoginAttempt {
  /** A wrong password or an unknown username: counted, and past the free failures the username is locked. */
  failed(): void
  /** The right password: the username's count ends, the address gets its attempt back. */
  succeeded(): void
  /** The check itself broke (no answer about the password): the attempt is as if never made. */
  abandoned(): void
}

/**
 * Failed logins, throttled by username and by client address (docs/design.md "Authentication").
 * A username's first failures are answered at full speed; then each failure locks the username
 * for a time that doubles (1 s, 2 s, 4 s, … at most 5 min), during which any login for it answers
 * 429 with Retry-After, right or wrong password alike (so a lock reveals nothing). A successful
 * login ends the username's count. An address spraying many usernames empties its own bucket and
 * is answered 429 until it refills. Unknown usernames are throttled the same as known ones.
 *
 * A check in progress counts as a failure until it ends, so attempts sent together cannot all be
 * checked before the first of them is counted: no more checks of a username run at once than the
 * failures it has left before its lock (the free ones and the one that earns the lock). Further
 * attempts wait for one to end: a success lets them through, failures lock them out unchecked.
 */
export function createLoginThrottle(deps: { clock: Clock }) {
  const usernames = new Map<string, UsernameState>()
  const addresses = new Map<string, AddressState>()
  let sweptAt = 0
  const now = () => deps.clock.now().getTime()
  const keyOf = (username: string) => username.trim().toLowerCase()

  function sweep(t: number): void {
    if (t - sweptAt < LOGIN_THROTTLE.idleMs) return
    sweptAt = t
    for (const [key, state] of usernames) {
      if (state.checking === 0 && t - state.lastFailureAt > LOGIN_THROTTLE.idleMs && state.lockedUntil <= t) usernames.delete(key)
    }
    for (const [key, state] of addresses) if (t - state.at > LOGIN_THROTTLE.idleMs) addresses.delete(key)
  }

  function addressAllowance(address: string, t: number): AddressState {
    let state = addresses.get(address)
    if (!state) {
      makeRoom(addresses, LOGIN_THROTTLE.maxEntries, (a) => a.allowance + (t - a.at) / LOGIN_THROTTLE.addressRefillMs >= LOGIN_THROTTLE.addressBurst)
      addresses.set(address, (state = { allowance: LOGIN_THROTTLE.addressBurst, at: t }))
    } else {
      state.allowance = Math.min(LOGIN_THROTTLE.addressBurst, state.allowance + (t - state.at) / LOGIN_THROTTLE.addressRefillMs)
      state.at = t
    }
    return state
  }

  const giveBack = (address: string) => {
    const from = addresses.get(address)
    if (from) from.allowance = Math.min(LOGIN_THROTTLE.addressBurst, from.allowance + 1)
  }

  const throttled = (subject: 'username' | 'address', waitMs: number) => {
    const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)))
    const about = subject === 'username' ? text('deste utilizador', 'for this username') : text('deste endereço', 'from this address')
    return new ApiError('LOGIN_THROTTLED', localizedProblem('LOGIN_THROTTLED', subject, { subject: about, seconds }), { 'Retry-After': seconds })
  }

  const userOf = (key: string, t: number): UsernameState => {
    let user = usernames.get(key)
    if (!user) {
      // An unlocked username with no check under way is the cheapest state to lose (it can only
      // delay a lock): such entries go first, and the oldest others only when there are none.
      makeRoom(usernames, LOGIN_THROTTLE.maxEntries, (u) => u.lockedUntil <= t && u.checking === 0 && u.waiting.length === 0)
      usernames.set(key, (user = { failures: 0, checking: 0, lockedUntil: 0, lastFailureAt: t, waiting: [] }))
    }
    return user
  }

  /** A check of the username ended: the attempts waiting look again. */
  function ended(key: string, user: UsernameState): void {
    user.checking -= 1
    for (const wake of user.waiting.splice(0)) wake()
    if (user.checking === 0 && user.failures === 0 && user.lockedUntil === 0 && user.waiting.length === 0) usernames.delete(key)
  }

  return {
    /** How many usernames and addresses are remembered now. */
    sizes: () => ({ usernames: usernames.size, addresses: addresses.size }),

    /**
     * Before a login is checked: takes one from the address's allowance at once (attempts sent
     * together cannot outrun it; a success gives it back), then reserves one of the username's
     * failures for the check, waiting while every failure it has left before its lock is reserved.
     * @throws ApiError 429 (010510) while the username or the address is locked.
     */
    async begin(username: string, address: string): Promise<LoginAttempt> {
      const key = keyOf(username)
      let t = now()
      sweep(t)
      const locked = usernames.get(key)
      if (locked && locked.lockedUntil > t) throw throttled('username', locked.lockedUntil - t)
      const from = addressAllowance(address, t)
      if (from.allowance < 1) throw throttled('address', (1 - from.allowance) * LOGIN_THROTTLE.addressRefillMs)
      from.allowance -= 1
      let user = userOf(key, t)
      // Past the free failures, one check at a time: each earns the next lock before another begins.
      while (user.checking > 0 && user.failures + user.checking > LOGIN_THROTTLE.usernameFreeFailures && user.lockedUntil <= t) {
        await new Promise<void>((resolve) => user.waiting.push(resolve))
        t = now()
        user = userOf(key, t)
      }
      if (user.lockedUntil > t) {
        // Locked by the checks it waited for: refused like any attempt meeting a lock, at no cost to the address.
        giveBack(address)
        throw throttled('username', user.lockedUntil - t)
      }
      user.checking += 1
      let over = false
      const once = (end: () => void) => () => {
        if (over) return
        over = true
        end()
      }
      return {
        failed: once(() => {
          const at = now()
          user.failures += 1
          user.lastFailureAt = at
          const beyond = user.failures - LOGIN_THROTTLE.usernameFreeFailures
          if (beyond > 0) user.lockedUntil = at + Math.min(LOGIN_THROTTLE.usernameMaxLockMs, LOGIN_THROTTLE.usernameFirstLockMs * 2 ** Math.min(beyond - 1, 30))
          ended(key, user)
        }),
        succeeded: once(() => {
          user.failures = 0
          user.lockedUntil = 0
          giveBack(address)
          ended(key, user)
        }),
        abandoned: once(() => {
          giveBack(address)
          ended(key, user)
        }),
      }
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
