import type { Clock } from '../../clock.ts'
import { ApiError } from '../../http/api-error.ts'
import { localizedProblem, text } from '../../http/problems.ts'

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
  /** Entries with no failure for this long are forgotten: memory stays bounded by the attackers. */
  idleMs: 60 * 60_000,
} as const

interface UsernameState {
  failures: number
  lockedUntil: number
  lastFailureAt: number
}

interface AddressState {
  /** Failures the address may still make, refilled over time. */
  allowance: number
  at: number
}

/**
 * Failed logins, throttled by username and by client address (docs/design.md "Authentication").
 * A username's first failures are answered at full speed; then each failure locks the username
 * for a time that doubles (1 s, 2 s, 4 s, … at most 5 min), during which any login for it answers
 * 429 with Retry-After, right or wrong password alike (so a lock reveals nothing). A successful
 * login ends the username's count. An address spraying many usernames empties its own bucket and
 * is answered 429 until it refills. Unknown usernames are throttled the same as known ones.
 *
 * Every attempt counts as a failure from the moment it begins, before its password is checked, and
 * a success gives its count back: attempts sent together cannot all be checked before the first of
 * them is counted, so no burst checks more passwords than the lock allows.
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
    for (const [key, state] of usernames) if (t - state.lastFailureAt > LOGIN_THROTTLE.idleMs && state.lockedUntil <= t) usernames.delete(key)
    for (const [key, state] of addresses) if (t - state.at > LOGIN_THROTTLE.idleMs) addresses.delete(key)
  }

  function addressAllowance(address: string, t: number): AddressState {
    let state = addresses.get(address)
    if (!state) addresses.set(address, (state = { allowance: LOGIN_THROTTLE.addressBurst, at: t }))
    else {
      state.allowance = Math.min(LOGIN_THROTTLE.addressBurst, state.allowance + (t - state.at) / LOGIN_THROTTLE.addressRefillMs)
      state.at = t
    }
    return state
  }

  const throttled = (subject: 'username' | 'address', waitMs: number) => {
    const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)))
    const about = subject === 'username' ? text('deste utilizador', 'for this username') : text('deste endereço', 'from this address')
    return new ApiError('LOGIN_THROTTLED', localizedProblem('LOGIN_THROTTLED', subject, { subject: about, seconds }), { 'Retry-After': seconds })
  }

  /** One more failure of the username, and the lock it earns past the free ones. */
  function countFailure(key: string, t: number): void {
    let user = usernames.get(key)
    if (!user) usernames.set(key, (user = { failures: 0, lockedUntil: 0, lastFailureAt: t }))
    user.failures += 1
    user.lastFailureAt = t
    const over = user.failures - LOGIN_THROTTLE.usernameFreeFailures
    if (over > 0) user.lockedUntil = t + Math.min(LOGIN_THROTTLE.usernameMaxLockMs, LOGIN_THROTTLE.usernameFirstLockMs * 2 ** Math.min(over - 1, 30))
  }

  return {
    /**
     * Before a login is checked: counts it as a failure of the username and takes one from the
     * address's allowance at once, so attempts sent together cannot outrun either (a success gives
     * both back). The attempt that earns the lock is still checked; those after it are not.
     * @throws ApiError 429 (010510) while the username or the address is locked.
     */
    begin(username: string, address: string): void {
      const t = now()
      sweep(t)
      const key = keyOf(username)
      const user = usernames.get(key)
      if (user && user.lockedUntil > t) throw throttled('username', user.lockedUntil - t)
      const from = addressAllowance(address, t)
      if (from.allowance < 1) throw throttled('address', (1 - from.allowance) * LOGIN_THROTTLE.addressRefillMs)
      from.allowance -= 1
      countFailure(key, t)
    },

    /** After a wrong password or an unknown username: counted already when the attempt began. */
    failed(username: string): void {
      const user = usernames.get(keyOf(username))
      if (user) user.lastFailureAt = now()
    },

    /** After a successful login: the username starts again from nothing, the address gets its attempt back. */
    succeeded(username: string, address: string): void {
      usernames.delete(keyOf(username))
      const from = addresses.get(address)
      if (from) from.allowance = Math.min(LOGIN_THROTTLE.addressBurst, from.allowance + 1)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
