import type { Context, MiddlewareHandler } from 'hono'
import type { TokenBuckets } from './token-buckets.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv, HeldShare } from '../router/app-env.ts'
import { createLoopTimeMeter, type LoopMark, type LoopTimeMeter } from './loop-time.ts'
import { setResponseHeader } from '../node-adapter/index.ts'
import { createPartnerConcurrency, TurnRefused } from './partner-concurrency.ts'
import { createTokenBuckets, type BucketState } from './token-buckets.ts'

export interface FairShareSettings {
  /** Requests a second, sustained, and the burst. */
  perSecond: number
  burst: number
  /** Server time one request's token covers: a request that takes longer counts as its time over this. */
  costMs: number
  /** Requests of one partner running at once, waiting for a turn, and how long one waits; null: no bound. */
  concurrency: { inFlight: number; queue: number; waitMs: number } | null
}

/**
 * A partner's fair share of the one process every partner shares (docs/design.md "Partners", the
 * choices in docs/decisions.md "Fair share"): a token bucket of requests in which a request weighs
 * what it cost, and a bound on how many of the partner's requests run at once.
 *
 * A request takes one token when it is let in; when it ends, the server time it took beyond the
 * first `costMs` is charged too (the event loop's time, shared among the requests in flight, and
 * time spent for it in another thread, such as an ESIS render, through `chargeTime`). The bucket
 * may go into debt, which is paid by the refill before the partner's next request is let in.
 */
export function createFairShare(settings: FairShareSettings) {
  const buckets = createTokenBuckets({ perSecond: settings.perSecond, burst: settings.burst })
  return {
    settings,
    buckets,
    meter: createLoopTimeMeter(),
    turns: settings.concurrency ? createPartnerConcurrency(settings.concurrency) : undefined,
    /** Server time spent for a partner outside the event loop (an ESIS render in its thread). */
    chargeTime(partnerUniqueID: string, ms: number): void {
      buckets.charge(partnerUniqueID, ms / settings.costMs)
    },
  }
}

export type FairShare = ReturnType<typeof createFairShare>

/**
 * Server time a body may take to read and parse, a KB, reserved when its request is let in and
 * settled to the measured time when it ends: so a partner cannot start several costly bodies at once
 * before the first one's cost is known. JSON: a body of 60,000 unknown keys (720 KB) took 300 to
 * 600 ms; ordinary bodies take less, and get back what they did not use. Multipart: uploads cost
 * 6 to 8 ms of the process's CPU a MB (docs/decisions.md "Processes"), and keep their reservation
 * whatever the event loop measured: their pages are written again by the WAL checkpoint, in its
 * thread, and reach the disk, none of it on the loop's clock.
 */
const RESERVED_MS_PER_KB = { json: 0.5, multipart: 0.01 }
/** A body without a declared length (chunked) is reserved as this large. */
const UNDECLARED_BODY_BYTES = 1024 * 1024
/** An insistent client's refusal waits one delay more for each of these in its body. */
const BODY_BYTES_PER_DELAY = 256 * 1024

/**
 * One request's account with its partner's bucket. Its loop time is charged as it is settled: when
 * it starts to wait (`hold`) and when it ends, so a long request's cost lands while it happens, not
 * a minute later. The first `costMs` of its time is covered by the token it took. The body's
 * reservation is charged at once; a JSON body gets back what it did not use at the end, an upload
 * keeps it (see RESERVED_MS_PER_KB).
 */
export class RequestShare implements HeldShare {
  private ms = 0
  private charged: number
  private readonly mark: LoopMark
  constructor(
    private readonly meter: LoopTimeMeter,
    private readonly buckets: TokenBuckets,
    private readonly partner: string,
    private readonly costMs: number,
    private readonly reserved: number,
    private readonly multipart: boolean,
  ) {
    this.charged = reserved
    if (reserved > 0) buckets.charge(partner, reserved)
    this.mark = meter.start()
  }
  /** Tokens its time so far is worth beyond the first. */
  private measured(): number {
    return Math.max(0, this.ms / this.costMs - 1)
  }
  private chargeTo(tokens: number): void {
    if (tokens !== this.charged) this.buckets.charge(this.partner, tokens - this.charged)
    this.charged = tokens
  }
  /** It waits for something other than the loop (a timer, the client, a thread, another server). */
  hold(): void {
    this.ms += this.meter.hold(this.mark)
    this.chargeTo(Math.max(this.measured(), this.reserved))
  }
  /** It runs again. */
  resume(): void {
    this.meter.resume(this.mark)
  }
  /** It is answered: its whole time charged, a JSON body's unused reservation given back. */
  end(): void {
    this.ms += this.meter.stop(this.mark)
    const measured = this.measured()
    this.chargeTo(this.multipart ? Math.max(measured, this.reserved) : measured)
  }
}

/**
 * Awaits `work` with the request out of the fair share's sharing of the loop: for a wait on a timer,
 * the client, another thread or another server, during which the request uses no CPU. The
 * synchronous part of `work` already ran (and is charged); what runs after the wait is charged too.
 * The request keeps its concurrency slot while it waits: a hold does not buy a partner more.
 */
export async function held<T>(c: Context, work: Promise<T>): Promise<T> {
  const share = (c as Context<AppEnv>).var.share
  if (share === undefined) return work
  share.hold()
  try {
    return await work
  } finally {
    share.resume()
  }
}

/** The 429 of a partner past its fair share (010604), telling it when to come back. */
export function partnerRateLimited(perSecond: number | null, seconds: number): ApiError {
  const wait = String(seconds)
  return new ApiError('PARTNER_RATE_LIMITED', { field: '', params: { limit: perSecond === null ? '∞' : String(perSecond), seconds: wait } }, { 'Retry-After': wait })
}

/**
 * The fair share on every request of a partner, after authentication and before the body is read.
 * Every answer carries RateLimit-Limit (requests a second), RateLimit-Remaining and RateLimit-Reset
 * (seconds until a request would be let in again), as the bucket stands once the request's cost is
 * charged, so a client can pace itself before it is refused. A refusal is a 429 (010604) with
 * Retry-After: the bucket is empty or in debt, the partner's queue is full, or its turn did not come
 * within the wait bound.
 *
 * A client that goes on regardless (more refusals than a second's worth of its rate, within a
 * second) has its further refusals answered only after `refusalDelayMs` (or up to half more), and a
 * delay more for each 256 KB of body: a flood then slows itself down, instead of taking the core
 * every partner shares. A client that honours Retry-After never meets the delay.
 */
export function partnerFairShare(share: FairShare, options: { refusalDelayMs?: number } = {}): MiddlewareHandler<AppEnv> {
  const { buckets, meter, turns, settings } = share
  const limit = String(settings.perSecond)
  const refusalDelayMs = options.refusalDelayMs ?? 1000
  const refusals = createTokenBuckets({ perSecond: settings.perSecond, burst: Math.max(1, settings.perSecond) })

  const answerHeaders = (c: Context, state: BucketState) => {
    setResponseHeader(c, 'RateLimit-Limit', limit)
    setResponseHeader(c, 'RateLimit-Remaining', String(state.remaining))
    setResponseHeader(c, 'RateLimit-Reset', String(state.resetSeconds))
  }
  /** The body the request declares: its bytes, and whether it is a multipart upload (none for a GET). */
  const bodyOf = (c: Context): { bytes: number; multipart: boolean } => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return { bytes: 0, multipart: false }
    const multipart = /^multipart\//i.test(c.req.header('content-type') ?? '')
    const bytes = c.req.header('transfer-encoding') === undefined ? Number(c.req.header('content-length') ?? 0) || 0 : UNDECLARED_BODY_BYTES
    return { bytes, multipart }
  }
  const refuse = async (c: Context, partner: string, seconds: number, bodyBytes: number): Promise<never> => {
    answerHeaders(c, buckets.state(partner))
    // Between one and one and a half delays: a flood's connections come back spread out, not together.
    // Node reads a refused body to its end to keep the connection (closing it instead would reset a
    // client still sending, before it reads its 429), so a flood of large bodies waits longer.
    if (!refusals.take(partner).allowed) {
      const delays = 1 + bodyBytes / BODY_BYTES_PER_DELAY
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs * delays * (1 + Math.random() / 2)))
    }
    throw partnerRateLimited(settings.perSecond, seconds)
  }

  return async (c, next) => {
    const partner = c.get('auth').partnerUniqueID
    const body = bodyOf(c)
    if (turns) {
      // In debt: refused before it takes a place in the queue.
      const before = buckets.state(partner)
      if (before.resetSeconds > 0) return refuse(c, partner, before.resetSeconds, body.bytes)
      const turn = turns.enter(partner)
      if (turn !== true) {
        try {
          await turn
        } catch (error) {
          if (error instanceof TurnRefused) return refuse(c, partner, error.retryAfterSeconds, body.bytes)
          throw error
        }
      }
    }
    // Taken when the request runs, not when it arrived: what its predecessors cost meanwhile counts.
    const take = buckets.take(partner)
    if (!take.allowed) {
      turns?.leave(partner)
      return refuse(c, partner, take.retryAfterSeconds, body.bytes)
    }
    const reserved = body.bytes === 0 ? 0 : ((body.bytes / 1024) * RESERVED_MS_PER_KB[body.multipart ? 'multipart' : 'json']) / settings.costMs
    const share = new RequestShare(meter, buckets, partner, settings.costMs, reserved, body.multipart)
    c.set('share', share)
    try {
      await next()
    } finally {
      share.end()
      turns?.leave(partner)
      answerHeaders(c, buckets.state(partner))
    }
  }
}
