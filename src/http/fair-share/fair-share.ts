import type { Context, MiddlewareHandler } from 'hono'
import type { TokenBuckets } from './token-buckets.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv, HeldShare } from '../router/app-env.ts'
import { createLoopTimeMeter, type LoopMark, type LoopTimeMeter } from './loop-time.ts'
import { setResponseHeader } from '../node-adapter/index.ts'
import { createPartnerConcurrency, TurnRefused } from './partner-concurrency.ts'
import { createTokenBuckets, type BucketState } from './token-buckets.ts'
import { isSandboxTraffic } from './sandbox-traffic.ts'

export interface FairShareSettings {
  /** Requests a second, sustained, and the burst. */
  perSecond: number
  burst: number
  /** Server time one request's token covers: a request that takes longer counts as its time over this. */
  costMs: number
  /** Requests of one partner running at once, waiting for a turn, and how long one waits; null: no bound. */
  concurrency: { inFlight: number; queue: number; waitMs: number } | null
  /** The partner's ESIS renders' own budget: render-thread time (ms) a second, sustained, and at once (RENDER_BUDGET when absent). */
  renders?: RenderBudget | undefined
}

/** A budget of render-thread time: milliseconds a second, sustained, and at once. */
export interface RenderBudget {
  msPerSecond: number
  burstMs: number
}

/**
 * The render budget a hosted sandbox gives each partner (SANDBOX_ESIS_RENDER_MS_PER_SECOND,
 * SANDBOX_ESIS_RENDER_BURST_MS): 20 ms a second sustained, what a partner's renders could spend when
 * they took the request budget's 20 tokens a second (the fair-share bench's ESIS phase held there), and
 * 1.5 s at once: a journey's few renders, a fresh thread's slow first ones included, fit in it.
 */
export const RENDER_BUDGET: RenderBudget = { msPerSecond: 20, burstMs: 1500 }

/**
 * A partner's fair share of the one process every partner shares (docs/design.md "Partners", the
 * choices in docs/decisions.md "Fair share"): a token bucket of requests in which a request weighs
 * what it cost, a bound on how many of the partner's requests run at once, and a budget of its own
 * for its ESIS renders' thread time (decision 1089).
 *
 * A request takes one token when it is let in; when it ends, the event loop's time it took beyond
 * the first `costMs` is charged too. The bucket may go into debt, which is paid by the refill before
 * the partner's next request is let in. A render's thread time is charged to the render budget
 * instead: the render runs on another core, bounded per partner by the render pool, and holds no
 * other partner's request back the way the loop's time does; a render past that budget is refused,
 * the partner's other requests are not.
 *
 * The sandbox's own traffic on the partner's behalf (sandbox-traffic.ts) takes an allowance of its
 * own, a quarter of the partner's rate: within it, it is not counted against the partner's.
 */
export function createFairShare(settings: FairShareSettings) {
  const buckets = createTokenBuckets({ perSecond: settings.perSecond, burst: settings.burst })
  const renderBudget = settings.renders ?? RENDER_BUDGET
  const renders = createTokenBuckets({ perSecond: renderBudget.msPerSecond, burst: renderBudget.burstMs })
  return {
    settings,
    buckets,
    renders,
    /** The sandbox's own traffic's allowance: a quarter of the partner's rate, a second's worth at once. */
    sandboxTraffic: createTokenBuckets({ perSecond: settings.perSecond / 4, burst: Math.max(1, settings.perSecond) }),
    meter: createLoopTimeMeter(),
    turns: settings.concurrency ? createPartnerConcurrency(settings.concurrency) : undefined,
    /**
     * A render may start: the partner's render budget is not in debt.
     * @throws ApiError 429 (010604) saying what its renders took and when to retry.
     */
    admitRender(partnerUniqueID: string): void {
      const state = renders.state(partnerUniqueID)
      // Counted as a take of no tokens: its time is charged when it is known.
      if (state.resetSeconds === 0 && renders.take(partnerUniqueID, 0).allowed) return
      const spent = renders.spending(partnerUniqueID)
      const seconds = String(state.resetSeconds)
      throw new ApiError(
        'PARTNER_RENDERS_LIMITED',
        {
          field: '',
          params: { renders: String(spent.takes), ms: String(Math.round(spent.tokens)), perSecond: String(renderBudget.msPerSecond), burst: String(renderBudget.burstMs), seconds },
        },
        { 'Retry-After': seconds },
      )
    },
    /** A render's thread time, charged to the partner's render budget. */
    chargeRender(partnerUniqueID: string, ms: number): void {
      renders.charge(partnerUniqueID, ms)
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
/** A refusal takes one more of its partner's allowance of refusals at once for each of these in its body. */
const REFUSAL_WEIGHT_BYTES = 64 * 1024
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
  // c.get, not c.var: Hono builds c.var from every variable of the request at each read.
  const share = (c as Context<AppEnv>).get('share')
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
 * The 429 of a partner whose bucket is empty or in debt: when its requests since the bucket was last
 * full cost more than a token each (their server time), it says how much, so the partner sees which
 * budget it spent and on what (010604 either way).
 */
function bucketRefusal(settings: FairShareSettings, spent: { takes: number; tokens: number }, seconds: number): ApiError {
  const tokens = Math.round(spent.tokens)
  if (tokens - spent.takes < 1) return partnerRateLimited(settings.perSecond, seconds)
  const wait = String(seconds)
  return new ApiError(
    'PARTNER_COST_LIMITED',
    {
      field: '',
      params: {
        requests: String(spent.takes),
        tokens: String(tokens),
        limit: String(settings.perSecond),
        burst: String(settings.burst),
        costMs: String(settings.costMs),
        seconds: wait,
      },
    },
    { 'Retry-After': wait },
  )
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
 * second, a refusal weighing one more for each 64 KB of its body) has its further refusals answered
 * only after `refusalDelayMs` (or up to half more), and a delay more for each 256 KB of body: a
 * flood then slows itself down, instead of taking the core every partner shares. A client that
 * honours Retry-After never meets the delay.
 */
export function partnerFairShare(share: FairShare, options: { refusalDelayMs?: number } = {}): MiddlewareHandler<AppEnv> {
  const { buckets, meter, turns, settings, sandboxTraffic } = share
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
  const refuse = async (c: Context, partner: string, seconds: number, bodyBytes: number, byBucket = true): Promise<never> => {
    answerHeaders(c, buckets.state(partner))
    // A refusal weighs one, and one more for each 64 KB of its body (at most a full allowance): a large
    // body's refusal costs the server more than a small one's (the kernel takes in what the client
    // sent, the connection is closed and opened again), so a flood of them gets fewer at once.
    // Past the allowance, between one and one and a half delays: a flood's connections come back
    // spread out, not together; a delay more for each 256 KB of body.
    if (!refusals.take(partner, Math.min(refusals.burst, 1 + bodyBytes / REFUSAL_WEIGHT_BYTES)).allowed) {
      const delays = 1 + bodyBytes / BODY_BYTES_PER_DELAY
      await new Promise((resolve) => setTimeout(resolve, refusalDelayMs * delays * (1 + Math.random() / 2)))
    }
    throw byBucket ? bucketRefusal(settings, buckets.spending(partner), seconds) : partnerRateLimited(settings.perSecond, seconds)
  }

  return async function partnerShare(c, next) {
    const partner = c.get('auth').partnerUniqueID
    const body = bodyOf(c)
    // The sandbox's own traffic within its allowance: charged there, no turn taken, no RateLimit headers of the partner's.
    if (isSandboxTraffic(c.req.method, c.req.path) && sandboxTraffic.take(partner).allowed) {
      const own = new RequestShare(meter, sandboxTraffic, partner, settings.costMs, 0, false)
      c.set('share', own)
      try {
        return await next()
      } finally {
        own.end()
      }
    }
    if (turns) {
      // In debt: refused before it takes a place in the queue.
      const before = buckets.state(partner)
      if (before.resetSeconds > 0) return refuse(c, partner, before.resetSeconds, body.bytes)
      const turn = turns.enter(partner)
      if (turn !== true) {
        try {
          await turn
        } catch (error) {
          if (error instanceof TurnRefused) return refuse(c, partner, error.retryAfterSeconds, body.bytes, false)
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
