import { makeRoom } from '../../common/bounded-map.ts'

/** What one request took from its bucket. */
export interface BucketTake {
  allowed: boolean
  /** Whole requests left in the bucket. */
  remaining: number
  /** Seconds until a refused request may be retried (0 when allowed). */
  retryAfterSeconds: number
}

/** A bucket as it stands: what is left, and how long until the next request would be taken. */
export interface BucketState {
  /** Whole requests left in the bucket (0 while it is in debt). */
  remaining: number
  /** Seconds until a request would be taken (0 when one would be now). */
  resetSeconds: number
}

/** What a key's bucket paid out since it was last full: the takes, and every token they and the charges took. */
export interface BucketSpending {
  takes: number
  tokens: number
}

/** Keys not seen for this long leave the map once full again: an idle partner or address costs nothing. */
const IDLE_MS = 10 * 60_000
/** The most keys kept by default: about 100 bytes each, so a flood of new keys costs at most a megabyte or two. */
export const MAX_BUCKET_KEYS = 10_000

/**
 * Token buckets by key (a partner, a client address): `burst` requests at once, refilled at
 * `perSecond`. A take is a map lookup and a subtraction: cheap enough to sit in front of every
 * request, including a flood's refused ones. At most `maxKeys` keys are kept (bounded-map.ts):
 * refilled buckets go first, being the same as a new one.
 *
 * A bucket may go below zero: `charge` takes what a request turned out to cost after it ran, and
 * the debt is paid by the refill before the key's next request is taken.
 */
export function createTokenBuckets(options: { perSecond: number; burst: number; now?: () => number; maxKeys?: number }) {
  const { perSecond, burst } = options
  const maxKeys = options.maxKeys ?? MAX_BUCKET_KEYS
  const now = options.now ?? (() => performance.now())
  // `takes` and `spent`: since the bucket was last full, so a refusal can say what emptied it.
  const buckets = new Map<string, { tokens: number; at: number; takes: number; spent: number }>()
  let sweptAt = now()
  const refilledFull = (bucket: { tokens: number; at: number }, t: number) => bucket.tokens + ((t - bucket.at) / 1000) * perSecond >= burst

  function sweep(t: number): void {
    if (t - sweptAt < IDLE_MS) return
    sweptAt = t
    // A bucket still in debt stays, or forgetting it would forgive the debt.
    for (const [key, bucket] of buckets) if (t - bucket.at > IDLE_MS && refilledFull(bucket, t)) buckets.delete(key)
  }

  /** The key's bucket, refilled up to now. */
  function refilled(key: string, t: number) {
    let bucket = buckets.get(key)
    if (!bucket) {
      makeRoom(buckets, maxKeys, (b) => refilledFull(b, t))
      buckets.set(key, (bucket = { tokens: burst, at: t, takes: 0, spent: 0 }))
    } else {
      const was = bucket.tokens
      bucket.tokens = Math.min(burst, was + ((t - bucket.at) / 1000) * perSecond)
      bucket.at = t
      // Refilled to full: what emptied it is paid for.
      if (was < burst && bucket.tokens >= burst) {
        bucket.takes = 0
        bucket.spent = 0
      }
    }
    return bucket
  }

  const secondsUntil = (tokens: number, needed: number) => Math.max(1, Math.ceil((needed - tokens) / perSecond))

  return {
    perSecond,
    burst,
    /** How many keys are held now. */
    get size() {
      return buckets.size
    },
    take(key: string, cost = 1): BucketTake {
      const t = now()
      sweep(t)
      const bucket = refilled(key, t)
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost
        bucket.takes += 1
        bucket.spent += cost
        return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0 }
      }
      return { allowed: false, remaining: Math.max(0, Math.floor(bucket.tokens)), retryAfterSeconds: secondsUntil(bucket.tokens, cost) }
    },
    /**
     * Takes `cost` whatever is left: below zero, the key owes it, and its next take waits for the
     * refill. A negative cost gives back what was taken beforehand (up to the burst).
     */
    charge(key: string, cost: number): void {
      if (cost === 0) return
      const bucket = refilled(key, now())
      bucket.tokens = Math.min(burst, bucket.tokens - cost)
      bucket.spent = Math.max(0, bucket.spent + cost)
    },
    /** What the key's bucket paid out since it was last full (nothing for an unknown key). */
    spending(key: string): BucketSpending {
      const bucket = buckets.get(key)
      if (!bucket) return { takes: 0, tokens: 0 }
      refilled(key, now())
      return { takes: bucket.takes, tokens: bucket.spent }
    },
    /** The key's bucket now, for the RateLimit answer headers. */
    state(key: string): BucketState {
      const bucket = refilled(key, now())
      return { remaining: Math.max(0, Math.floor(bucket.tokens)), resetSeconds: bucket.tokens >= 1 ? 0 : secondsUntil(bucket.tokens, 1) }
    },
  }
}

export type TokenBuckets = ReturnType<typeof createTokenBuckets>
