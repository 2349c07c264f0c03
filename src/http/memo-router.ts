import type { Result, Router } from 'hono/router'
import { TrieRouter } from 'hono/router/trie-router'

/** Distinct method and path pairs remembered; past it the memo starts over. */
const MEMO_SIZE = 1024

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
  #memo = new Map<string, Result<T>>()

  add(method: string, path: string, handler: T): void {
    this.#memo.clear()
    this.#router.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`
    let result = this.#memo.get(key)
    if (result === undefined) {
      result = this.#router.match(method, path)
      if (this.#memo.size >= MEMO_SIZE) this.#memo.clear()
      this.#memo.set(key, result)
    }
    return result
  }
}
