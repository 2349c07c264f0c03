import type { Context, Next } from 'hono'
import { ApiError } from '../../common/api-error.ts'
import { breakable, closeWithoutAnswer, cutAnswer, holdThenClose, resetConnection, trickleAnswer, type AnswerBytes } from '../../http/node-adapter/index.ts'
import { held } from '../../http/fair-share/fair-share.ts'
import type { FaultHolds } from './fault-holds.ts'
import type { FaultEffect, FaultKind } from './fault.schemas.ts'
import type { AppEnv } from '../../http/router/app-env.ts'

/** The fault a request was answered with, as the journal records it. */
export interface AppliedFault {
  kind: FaultKind
  /** Whether the operation ran (its writes committed) before the fault. */
  afterWrite: boolean
}

export interface FaultEnv {
  Variables: AppEnv['Variables'] & {
    /** The network fault the request was answered with, if any. */
    fault?: AppliedFault
  }
}

export interface FaultSettings {
  /** The longest a `timeout` holds its connection, and its default. */
  timeoutMs: number
  /** The longest a `slow-body` trickles its answer, and its default. */
  slowBodyMs: number
}

/** Faults done on the socket: they need a Node server's connection (not `app.request()`). */
const ON_THE_SOCKET = new Set<FaultKind>(['connection-reset', 'empty-reply', 'truncated-body', 'timeout', 'slow-body'])
/** Faults that hold their connection a while: bounded (fault-holds.ts). */
const HELD = new Set<FaultKind>(['timeout', 'slow-body'])
/** Faults that carry the operation's own answer, which therefore runs. */
const CARRY_THE_ANSWER = new Set<FaultKind>(['truncated-body', 'slow-body'])
/**
 * The status the journal records for a fault whose client read no status line, when the operation
 * did not run: what a gateway would have said. When it ran, the journal keeps the operation's own.
 */
const NO_ANSWER_STATUS = 503

const gatewayPage = (status: 502 | 504) => {
  const title = status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out'
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>sandbox-gateway</center>\r\n</body>\r\n</html>\r\n`
}

/** Not JSON, though labelled so: an answer cut and mixed with a proxy's words, as a broken hop sends it. */
const MALFORMED_JSON = '{"operationStatus":{"operationStatusCode":"020101",\n<sandbox fault: malformed-json>'

async function answerBytes(res: Response): Promise<AnswerBytes> {
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) }
}

/**
 * Answers a request with the network fault its scenario asks for (docs/design.md "Network faults"),
 * instead of, or (with `afterWrite`, and always for the faults that carry the answer) after, the
 * operation: then its writes are committed first (the write batch sits below this middleware). The
 * fault applied is left in `c.get('fault')` for the journal.
 */
export async function answerWithFault(c: Context<FaultEnv>, next: Next, fault: FaultEffect, holds: FaultHolds, settings: FaultSettings): Promise<Response> {
  const { kind } = fault
  if (ON_THE_SOCKET.has(kind) && !breakable(c)) {
    throw new ApiError('INVALID_VALUE', {
      field: 'X-Sandbox-Scenario',
      message: {
        'pt-PT': `A falha de rede ${kind} precisa de uma ligação real ao servidor (HTTP); este pedido não tem nenhuma.`,
        en: `The network fault ${kind} needs a real connection to the server (HTTP); this request has none.`,
      },
    })
  }
  const partner = c.get('auth').partnerUniqueID
  const held = HELD.has(kind)
  if (held && !holds.take(partner)) {
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      { field: 'X-Sandbox-Scenario', params: { detail: `too many ${kind} faults hold a connection now; retry in a second` } },
      { 'Retry-After': '1' },
    )
  }
  try {
    const runs = fault.afterWrite || CARRY_THE_ANSWER.has(kind)
    if (runs) await next()
    c.set('fault', { kind, afterWrite: runs })
    const status = runs ? c.res.status : NO_ANSWER_STATUS
    const answer = await faultAnswer(c, kind, runs, status, fault.delayMs, settings)
    c.res = answer
    return answer
  } finally {
    if (held) holds.release(partner)
  }
}

async function faultAnswer(c: Context<FaultEnv>, kind: FaultKind, runs: boolean, status: number, delayMs: number | undefined, settings: FaultSettings): Promise<Response> {
  switch (kind) {
    case 'connection-reset':
      return resetConnection(c, status)
    case 'empty-reply':
      return closeWithoutAnswer(c, status)
    case 'timeout':
      return held(c, holdThenClose(c, Math.min(delayMs ?? settings.timeoutMs, settings.timeoutMs), status))
    case 'truncated-body':
      return cutAnswer(c, await answerBytes(c.res))
    case 'slow-body':
      return held(c, trickleAnswer(c, await answerBytes(c.res), Math.min(delayMs ?? settings.slowBodyMs, settings.slowBodyMs)))
    case 'malformed-json':
      return new Response(MALFORMED_JSON, { status: runs ? status : 200, headers: { 'Content-Type': 'application/json' } })
    case 'gateway-502':
      return new Response(gatewayPage(502), { status: 502, headers: { 'Content-Type': 'text/html' } })
    case 'gateway-504':
      return new Response(gatewayPage(504), { status: 504, headers: { 'Content-Type': 'text/html' } })
  }
}
