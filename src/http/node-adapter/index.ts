/**
 * The one place that knows the app runs on Node through @hono/node-server, and the only code that
 * touches a library's private parts (docs/architecture.md "The request adapter"): Hono's body cache,
 * its request's header method, node-server's response cache, Node's `resume` of a request. The
 * architecture test keeps those names inside this folder. The network faults break Node's socket here too.
 */
export { NODE_SERVER_OPTIONS, serveApp } from './answer-head.ts'
export { answerJsonText } from './answer-text.ts'
export { adapterFallbacks, type AdapterFallback } from './fast-path-probe.ts'
export { bodyTextRead } from './hono-body-cache.ts'
export { clientAddress, isClientAbort, servedByNode, viaTrustedProxy } from './node-bindings.ts'
export { readHeadersFromNode, readsHeadersFromNode, responseHeadersOf, setResponseHeader, setResponseHeaders } from './node-headers.ts'
export { bufferBody, leaveBodyUnread, type BodyWatch, REFUSED_OVER_BUDGET_DISCARD_BYTES, requestBodySource } from './request-body.ts'
export { breakable, closeWithoutAnswer, cutAnswer, holdThenClose, resetConnection, trickleAnswer, type AnswerBytes } from './socket-faults.ts'
