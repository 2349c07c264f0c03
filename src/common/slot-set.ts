/**
 * A set of short-lived values for a place that gains one and loses one on every request (the answers
 * under way): each value sits in a slot of an array, and a freed slot is taken again. Not a `Set`:
 * V8 rebuilds a Set's table every few deletions and links the old table to the new one, and once a
 * table has reached the old generation that link keeps every later table, with each value it held,
 * alive through the minor collections until the next full one. Under load that was every request's
 * response object, promoted (docs/decisions/0105-what-the-minor-collections-keep.md).
 */
export class SlotSet<T> {
  readonly #slots: Array<T | undefined> = []
  readonly #free: number[] = []

  /** Adds a value; the answer is its slot, for `delete`. */
  add(value: T): number {
    const slot = this.#free.pop() ?? this.#slots.length
    this.#slots[slot] = value
    return slot
  }

  /** Takes the value out of its slot (nothing if the slot is already free). */
  delete(slot: number): void {
    if (this.#slots[slot] === undefined) return
    this.#slots[slot] = undefined
    this.#free.push(slot)
  }

  get size(): number {
    return this.#slots.length - this.#free.length
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (const value of this.#slots) if (value !== undefined) yield value
  }
}
