/**
 * Makes room in a map of per-client state (throttles, buckets) before a new key goes in, so no client
 * can grow memory by sending new values: at `cap` entries, the entries that `holdsNothing` says carry
 * no state any more (a refilled bucket is the same as none) go first; if that frees too little, the
 * oldest entries (a Map keeps insertion order) go too, down to nine tenths of the cap, so a flood of
 * new keys pays for one sweep per tenth of the cap, not one per key.
 */
export function makeRoom<K, V>(map: Map<K, V>, cap: number, holdsNothing: (value: V) => boolean): void {
  if (map.size < cap) return
  for (const [key, value] of map) if (holdsNothing(value)) map.delete(key)
  const target = Math.floor(cap * 0.9)
  for (const key of map.keys()) {
    if (map.size <= target) break
    map.delete(key)
  }
}

/**
 * What was worked out once per method and path (a route match, a route's rule, its metrics
 * operation), kept for the paths clients ask again: at most `size` keys, past which it starts over,
 * and no key longer than any of the bank's paths (`maxKeyChars`), which is worked out every time
 * instead. A client sending new or long paths costs it a bounded amount of memory.
 */
export class PathMemo<V> {
  readonly #values = new Map<string, V>()
  constructor(
    readonly size = 1024,
    readonly maxKeyChars = 256,
  ) {}

  get(key: string): V | undefined {
    return this.#values.get(key)
  }

  set(key: string, value: V): void {
    if (key.length > this.maxKeyChars) return
    if (this.#values.size >= this.size) this.#values.clear()
    this.#values.set(key, value)
  }

  clear(): void {
    this.#values.clear()
  }
}
