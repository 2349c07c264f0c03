/**
 * How often the adapter, serving a request that came through Node, had to fall back to the slow
 * path because a library's private part was not where it expected (a Hono or @hono/node-server
 * upgrade), or because the server was made without the sandbox's response class (`head`). Counted only on the fall back, so the fast path pays nothing; read by the guard test
 * (test/http/node-adapter/fast-paths.test.ts), which fails on any.
 */
const fallbacks = { headers: 0, answerText: 0, answerHeaders: 0, head: 0 }

export type AdapterFallback = keyof typeof fallbacks

export function countFallback(kind: AdapterFallback): void {
  fallbacks[kind] += 1
}

/** The fall backs counted so far, by kind (a copy). */
export const adapterFallbacks = (): Readonly<Record<AdapterFallback, number>> => ({ ...fallbacks })
