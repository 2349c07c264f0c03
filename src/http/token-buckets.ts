/** What one request took from its bucket. */
export interface BucketTake {
  allowed: boolean
  /** Whole requests left in the bucket. */
  remaining: number
  /** Seconds until a refused request may be retried (0 when allowed). */
  retryAfterSeconds: number
}

import { makeRoom } from './bounded-map.ts'

/** Keys not seen for this long leave the map: an idle partner or address costs nothing. */
const IDLE_MS = 10 * 60_000
/** The most keys kept by default: about 100 bytes each, so a flood of new keys costs at most a megabyte or two. */
export const MAX_BUCKET_KEYS = 10_000

/**
 * Token buckets by key (a partner, a client address): `burst` requests at once, refilled at
 * `perSecond`. A take is a map lookup and a subtraction: cheap enough to sit in front of every
 * request, including a flood's refused ones. At most `maxKeys` keys are kept (bounded-map.ts):
 * refilled buckets go first, being the same as a new one.
 */
export function createTokenBuckets(options: { perSecond: number; burst: number; now?: () => number; maxKeys?: number }) {
  const { perSecond, burst } = options
  const maxKeys = options.maxKeys ?? MAX_BUCKET_KEYS
  const now = options.now ?? (() => performance.now())
  const buckets = new Map<string, { tokens: number; at: number }>()
  let sweptAt = now()

  function sweep(t: number): void {
    if (t - sweptAt < IDLE_MS) return
    sweptAt = t
    for (const [key, bucket] of buckets) if (t - bucket.at > IDLE_MS) buckets.delete(key)
  }

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
      let bucket = buckets.get(key)
      if (!bucket) {
        makeRoom(buckets, maxKeys, (b) => b.tokens + ((t - b.at) / 1000) * perSecond >= burst)
        buckets.set(key, (bucket = { tokens: burst, at: t }))
      }
      else {
        bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond)
        bucket.at = t
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost
        return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0 }
      }
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((cost - bucket.tokens) / perSecond)) }
    },
  }
}

export type TokenBuckets = ReturnType<typeof createTokenBuckets>
