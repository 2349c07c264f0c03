import { ApiError } from '../../../common/api-error.ts'
import { localizedProblem, text } from '../../../common/problems.ts'

/** Token buckets by key (http/fair-share/token-buckets.ts, given by the module's door): what the limits take and give back. */
export interface LoginBuckets {
  take(key: string): { allowed: boolean; retryAfterSeconds: number }
  /** A negative cost gives back what was taken. */
  charge(key: string, cost: number): void
}

/** A login let through the limits: a login that does not succeed gives its turn back. */
export interface AdmittedLogin {
  /** A wrong password, an unknown username, or a check that broke: failures are the failure throttle's to count. */
  notSucceeded(): void
}

/**
 * How often a username and a client address may log in, successfully (docs/design.md
 * "Authentication"): a token lasts `tokenTtlSeconds`, so a client that keeps it logs in once an
 * hour, and one that logs in before every request is told so. Each is a token bucket (`burst` at
 * once, then `perMinute`, on the machine's clock); a login takes one from both before its password
 * is hashed, so a refused one costs no hash, and gives them back unless it succeeds. Failed logins
 * have their own throttle (login-throttle.ts). The address is its throttle key (common/address-key.ts).
 */
export function createLoginLimits(deps: { users: LoginBuckets; addresses: LoginBuckets; tokenTtlSeconds: number }) {
  const { users, addresses } = deps
  const keyOf = (username: string) => username.trim().toLowerCase()

  const tooFrequent = (subject: 'username' | 'address', seconds: number) => {
    const about = subject === 'username' ? text('deste utilizador', 'for this user') : text('deste endereço', 'from this address')
    return new ApiError('LOGINS_TOO_FREQUENT', localizedProblem('LOGINS_TOO_FREQUENT', subject, { subject: about, ttl: deps.tokenTtlSeconds, seconds: String(seconds) }), {
      'Retry-After': String(seconds),
    })
  }

  return {
    /**
     * One login of the username from the address. @throws ApiError 429 (010511) with Retry-After
     * when either has used its logins.
     */
    admit(username: string, address: string): AdmittedLogin {
      const user = keyOf(username)
      const byUser = users.take(user)
      if (!byUser.allowed) throw tooFrequent('username', byUser.retryAfterSeconds)
      const byAddress = addresses.take(address)
      if (!byAddress.allowed) {
        users.charge(user, -1)
        throw tooFrequent('address', byAddress.retryAfterSeconds)
      }
      let over = false
      return {
        notSucceeded() {
          if (over) return
          over = true
          users.charge(user, -1)
          addresses.charge(address, -1)
        },
      }
    },
  }
}

export type LoginLimitsService = ReturnType<typeof createLoginLimits>
