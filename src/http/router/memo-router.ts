import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { Result, Router } from 'hono/router'
import { TrieRouter } from 'hono/router/trie-router'
import { PathMemo } from '../../common/bounded-map.ts'

/**
 * The route that answers a request, as Hono matched it: middleware is registered for ALL methods,
 * so it is the first match that names one (undefined when none did).
 */
export const answeringRoute = (c: Context) => matchedRoutes(c).find((r) => r.method !== 'ALL')

/**
 * Hono's TrieRouter with its answers remembered per method and path: a client polling a
 * simulation or a process asks the same path again and again.
 *
 * Why not Hono's default: its fast RegExpRouter cannot hold the document's paths (a parameter first
 * segment, `/{partnerUniqueID}/callbacks`, beside `/v1/simulations/validate` and
 * `/v1/simulations/{id}/message`), so SmartRouter falls back to the trie, which walks the path
 * segment by segment on every request. A match result is never modified by Hono, so sharing it is
 * safe; adding a route forgets everything.
 */
export class MemoRouter<T> implements Router<T> {
  name = 'MemoRouter(TrieRouter)'
  #router = new TrieRouter<T>()
  #memo = new PathMemo<Result<T>>()

  add(method: string, path: string, handler: T): void {
    this.#memo.clear()
    this.#router.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`
    let result = this.#memo.get(key)
    if (result === undefined) {
      result = this.#router.match(method, path)
      this.#memo.set(key, result)
    }
    return result
  }
}
