import type { Problem } from '../../common/api-error.ts'
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-structure.ts'

/**
 * What the raw text of a JSON body says about its structure, before JSON.parse builds it:
 * - `within`: within both limits (JSON.parse may still find it malformed);
 * - `malformed`: past a limit, and not JSON at all (the route's reader answers 010109, as for any
 *   other malformed body: so a body both malformed and large is never parsed here);
 * - a Problem: past a limit, and JSON: the 400 the walk of the parsed value would have answered;
 * - `walk`: short enough to parse and walk, or past a limit where only the walk of the parsed value
 *   knows which answer it gets.
 */
export type JsonTextStructure = 'within' | 'malformed' | 'walk' | Problem

const TOO_DEEP: Problem = { key: 'JSON_TOO_DEEP', field: 'body', params: { limit: MAX_JSON_DEPTH } }
const TOO_MANY: Problem = { key: 'JSON_TOO_MANY_VALUES', field: 'body', params: { limit: MAX_JSON_VALUES } }

/**
 * No JSON text this short holds more than MAX_JSON_VALUES values: each takes a character of its own
 * and a comma, or its container's two brackets (`[0,0]`, `[[0]]`), so V values take more than 2V.
 */
export const SHORTEST_PAST_VALUES = 2 * (MAX_JSON_VALUES + 1) + 1

const QUOTE = 34
const BACKSLASH = 92
const COMMA = 44
const OPEN_ARRAY = 91
const CLOSE_ARRAY = 93
const OPEN_OBJECT = 123
const CLOSE_OBJECT = 125

/**
 * The structure of a JSON text, read from its characters: the walk of the parsed value
 * (json-structure.ts) answers the same, without JSON.parse building 60,000 members first (tens of
 * ms on the one event loop every partner shares). A body over 10 KB pays one pass of the counter
 * (cheaper than its JSON.parse); only a body past a limit pays the exact second pass.
 */
export function jsonTextStructure(text: string): JsonTextStructure {
  // Parsing and walking a short text costs less than counting it first (a Create body: 10 µs), and
  // only a long one can hold too many values: its deep bombs are as short as its limit lets them be.
  if (text.length < SHORTEST_PAST_VALUES) return 'walk'
  const { values, deepest } = countValues(text)
  if (values <= MAX_JSON_VALUES && deepest <= MAX_JSON_DEPTH) return 'within'
  const exact = readExactly(text)
  if (exact === null) return 'malformed'
  // The walk visits the root first: past the limit there, nothing deeper is reached.
  if (exact.rootMembers > MAX_JSON_VALUES) return TOO_MANY
  // A repeated key keeps only its last value: the counts above may then hold values the parsed body
  // has not. Without one they are the walk's own.
  if (exact.repeatedKey) return 'walk'
  if (deepest <= MAX_JSON_DEPTH) return TOO_MANY
  if (values <= MAX_JSON_VALUES) return TOO_DEEP
  // Past both: the answer is the limit the walk meets first. for...in puts an object's integer keys
  // first, out of the text's order: the walk of the parsed value knows that order.
  if (exact.integerKey) return 'walk'
  return firstLimitMet(exact.closed)
}

/**
 * The walk's answer for a body past both limits, from its containers in the order they close. The
 * walk takes the root, then a container's children last first, each before its own children: the
 * reverse of the order in which the text closes them. It refuses the first container too deep, unless
 * the values of those taken before it are already past their limit.
 */
function firstLimitMet(closed: { depths: number[]; sizes: number[] }): Problem {
  let values = 0
  for (let k = closed.depths.length - 1; k >= 0; k--) {
    if (closed.depths[k]! > MAX_JSON_DEPTH) return TOO_DEEP
    values += closed.sizes[k]!
    if (values > MAX_JSON_VALUES) return TOO_MANY
  }
  // Unreachable for a body past both limits.
  return TOO_MANY
}

/**
 * Members and items in all, and the deepest nesting of objects and arrays: exact for JSON without
 * repeated keys, never less than the parsed value's otherwise; anything for text that is not JSON.
 * A container holds one value more than it has commas, unless it is empty.
 */
export function countValues(text: string): { values: number; deepest: number } {
  let values = 0
  let depth = 0
  let deepest = 0
  let opened = false
  const length = text.length
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 32) continue
    if (opened) {
      opened = false
      if (c !== CLOSE_ARRAY && c !== CLOSE_OBJECT) values++
    }
    if (c === QUOTE) i = closingQuote(text, i)
    else if (c === COMMA) values++
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > deepest) deepest = depth
      opened = true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return { values, deepest }
}

/** The index of the quote closing the string opened at `open` (one not escaped), or the end of the text. */
function closingQuote(text: string, open: number): number {
  let close = text.indexOf('"', open + 1)
  while (close > 0) {
    let backslashes = 0
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return close
    close = text.indexOf('"', close + 1)
  }
  return text.length
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const LITERAL = /true|false|null/y
const HEX4 = /[0-9a-fA-F]{4}/y
const ESCAPED = new Set([QUOTE, BACKSLASH, 47, 98, 102, 110, 114, 116]) // " \ / b f n r t

interface ExactReading {
  /** Members (keys counted once) or items of the root. */
  rootMembers: number
  /** Whether an object repeats a key. */
  repeatedKey: boolean
  /** Whether an object has a key for...in takes out of the text's order. */
  integerKey: boolean
  /** Every object and array, in the order the text closes them: its depth and its members or items. */
  closed: { depths: number[]; sizes: number[] }
}

interface Container {
  readonly object: boolean
  readonly keys: Set<string> | undefined
  items: number
}

// An array index as a property key (for...in takes these first): 0, or no leading zero, below 2^32 - 1.
const INTEGER_KEY = /^(?:0|[1-9][0-9]{0,9})$/
const isIntegerKey = (key: string) => INTEGER_KEY.test(key) && Number(key) < 4294967295

/**
 * The text read by JSON's grammar (what JSON.parse accepts, without building anything): null when it
 * is not JSON. Kept off the path of bodies within the limits: it costs a Set entry a key.
 */
export function readExactly(text: string): ExactReading | null {
  const stack: Container[] = []
  const closed = { depths: [] as number[], sizes: [] as number[] }
  let rootMembers = 0
  let repeatedKey = false
  let integerKey = false
  let i = 0
  const length = text.length

  const skipSpace = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  }
  /** Reads the string at `i` (its opening quote), leaving `i` past it; its value if `keep`, else ''. */
  const readString = (keep: boolean): string | null => {
    const open = i++
    let escaped = false
    for (;;) {
      const c = text.charCodeAt(i)
      if (c === QUOTE) break
      // Also the end of the text (NaN).
      if (!(c >= 32)) return null
      if (c === BACKSLASH) {
        escaped = true
        const next = text.charCodeAt(i + 1)
        if (next === 117) {
          HEX4.lastIndex = i + 2
          if (!HEX4.test(text)) return null
          i += 6
        } else if (ESCAPED.has(next)) i += 2
        else return null
      } else i++
    }
    i++
    if (!keep) return ''
    return escaped ? (JSON.parse(text.slice(open, i)) as string) : text.slice(open + 1, i - 1)
  }
  const readToken = (pattern: RegExp): boolean => {
    pattern.lastIndex = i
    if (!pattern.test(text)) return false
    i = pattern.lastIndex
    return true
  }
  /** A member's key and colon, at `i`; counted in its object. */
  const readKey = (container: Container): boolean => {
    if (text.charCodeAt(i) !== QUOTE) return false
    // Once the root is past the limit, the answer is known if the text is JSON: only that is left to read.
    const counted = rootMembers <= MAX_JSON_VALUES
    const key = readString(counted)
    if (key === null) return false
    if (counted) countKey(container, key)
    skipSpace()
    if (text.charCodeAt(i) !== 58) return false
    i++
    return true
  }
  const countKey = (container: Container, key: string) => {
    const before = container.keys!.size
    container.keys!.add(key)
    if (container.keys!.size === before) repeatedKey = true
    else if (stack.length === 1) rootMembers++
    if (isIntegerKey(key)) integerKey = true
  }

  const addItem = (container: Container) => {
    container.items++
    if (stack.length === 1) rootMembers++
  }
  const closeContainer = () => {
    const container = stack.pop()!
    closed.depths.push(stack.length + 1)
    closed.sizes.push(container.object ? container.keys!.size : container.items)
  }

  skipSpace()
  for (;;) {
    // A value is expected at `i`.
    skipSpace()
    const c = text.charCodeAt(i)
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const container: Container = { object: c === OPEN_OBJECT, keys: c === OPEN_OBJECT ? new Set() : undefined, items: 0 }
      stack.push(container)
      i++
      skipSpace()
      const close = container.object ? CLOSE_OBJECT : CLOSE_ARRAY
      if (text.charCodeAt(i) === close) {
        closeContainer()
        i++
      } else {
        if (container.object) {
          if (!readKey(container)) return null
        } else addItem(container)
        continue
      }
    } else if (c === QUOTE) {
      if (readString(false) === null) return null
    } else if (!readToken(c === 116 || c === 102 || c === 110 ? LITERAL : NUMBER)) return null
    // After a value: a comma and the next, the end of its containers, or the end of the text.
    for (;;) {
      skipSpace()
      const top = stack.at(-1)
      if (top === undefined) return i === length ? { rootMembers, repeatedKey, integerKey, closed } : null
      const next = text.charCodeAt(i)
      if (next === COMMA) {
        i++
        skipSpace()
        if (top.object) {
          if (!readKey(top)) return null
        } else addItem(top)
        break
      }
      if (next !== (top.object ? CLOSE_OBJECT : CLOSE_ARRAY)) return null
      closeContainer()
      i++
    }
  }
}
