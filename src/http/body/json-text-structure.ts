import type { Problem } from '../../common/api-error.ts'
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, MAX_JSON_DEPTH, MAX_JSON_VALUES, OPEN_ARRAY, OPEN_OBJECT, QUOTE, TOO_DEEP, TOO_MANY } from './json-structure.ts'

/**
 * What the raw text of a JSON body says about its structure, before JSON.parse builds it:
 * - `within`: within both limits (JSON.parse may still find it malformed);
 * - `malformed`: past the values limit, and not JSON at all (the route's reader answers 010109, as
 *   for any other malformed body: so a body both malformed and large is never parsed here);
 * - a Problem: the 400 of the limit it passes;
 * - `walk`: short enough to parse and walk the parsed value (json-structure.ts).
 */
export type JsonTextStructure = 'within' | 'malformed' | 'walk' | Problem

/**
 * No JSON text this short holds more than MAX_JSON_VALUES values: each takes a character of its own
 * and a comma, or its container's two brackets (`[0,0]`, `[[0]]`), so V values take more than 2V.
 */
export const SHORTEST_PAST_VALUES = 2 * (MAX_JSON_VALUES + 1) + 1

/**
 * Characters a slice of the scan reads before it gives the event loop back: a tenth of a
 * millisecond of counting, under one of the grammar's reading (bench/json-text-structure.ts).
 */
export const SLICE_CHARACTERS = 32 * 1024

/**
 * The structure of a JSON text, read from its characters a slice at a time: the caller lets the
 * event loop run between two slices (each `next()` reads at most about SLICE_CHARACTERS), and the
 * last one returns the answer. A text under SHORTEST_PAST_VALUES is left to JSON.parse and the walk
 * at once (a Create body: 10 µs). A longer one is counted (docs/design.md "Request bodies"):
 * - refused as too deep the moment its nesting passes MAX_JSON_DEPTH, nothing after read (a body
 *   400,000 levels deep costs 33 characters), whether or not the rest is JSON;
 * - within both limits, handed to JSON.parse;
 * - past MAX_JSON_VALUES members and items as written (a repeated key counted each time: the walk
 *   of the parsed value would count its last value only), read by JSON's grammar without building
 *   anything: too many if it is JSON, left to the route's reader (010109) if not.
 */
export function* jsonTextScan(text: string): Generator<void, JsonTextStructure, void> {
  if (text.length < SHORTEST_PAST_VALUES) return 'walk'
  const values = yield* countValues(text)
  if (values === null) return TOO_DEEP
  if (values <= MAX_JSON_VALUES) return 'within'
  return (yield* isJson(text)) ? TOO_MANY : 'malformed'
}

/** The scan of `text` at once, every slice in a row (tests and benches). */
export function jsonTextStructure(text: string): JsonTextStructure {
  const scan = jsonTextScan(text)
  for (;;) {
    const step = scan.next()
    if (step.done) return step.value
  }
}

/**
 * Members and items in all, as written, or null as soon as objects and arrays nest deeper than
 * MAX_JSON_DEPTH: exact for JSON; anything for text that is not JSON. A container holds one value
 * more than it has commas, unless it is empty.
 */
function* countValues(text: string): Generator<void, number | null, void> {
  let values = 0
  let depth = 0
  let opened = false
  let sliceEnd = SLICE_CHARACTERS
  const length = text.length
  for (let i = 0; i < length; i++) {
    if (i >= sliceEnd) {
      yield
      sliceEnd = i + SLICE_CHARACTERS
    }
    const c = text.charCodeAt(i)
    if (c <= 32) continue
    if (opened) {
      opened = false
      if (c !== CLOSE_ARRAY && c !== CLOSE_OBJECT) values++
    }
    if (c === QUOTE) i = closingQuote(text, i)
    else if (c === COMMA) values++
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return null
      opened = true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--
  }
  return values
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
// A run of a string's characters that need no look: neither its end, an escape nor a control character.
const PLAIN = /[^"\\\u0000-\u001f]*/y
const ESCAPED = new Set([QUOTE, BACKSLASH, 47, 98, 102, 110, 114, 116]) // " \ / b f n r t

/**
 * Whether the text is JSON, read by JSON's grammar (what JSON.parse accepts) without building
 * anything: a stack of the open containers' kinds, nothing a member or an item. Given the event loop
 * back every SLICE_CHARACTERS.
 */
function* isJson(text: string): Generator<void, boolean, void> {
  const length = text.length
  // The open containers, innermost last: true for an object.
  const objects: boolean[] = []
  let i = 0
  let sliceEnd = SLICE_CHARACTERS

  const skipSpace = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  }
  /** Reads the string at `i` (its opening quote), leaving `i` past it. */
  const readString = (): boolean => {
    i++
    for (;;) {
      PLAIN.lastIndex = i
      PLAIN.test(text)
      i = PLAIN.lastIndex
      const c = text.charCodeAt(i)
      if (c === QUOTE) break
      if (c !== BACKSLASH) return false // a control character, or the end of the text
      const next = text.charCodeAt(i + 1)
      if (next === 117) {
        HEX4.lastIndex = i + 2
        if (!HEX4.test(text)) return false
        i += 6
      } else if (ESCAPED.has(next)) i += 2
      else return false
    }
    i++
    return true
  }
  const readToken = (pattern: RegExp): boolean => {
    pattern.lastIndex = i
    if (!pattern.test(text)) return false
    i = pattern.lastIndex
    return true
  }
  /** A member's key and colon, at `i`. */
  const readKey = (): boolean => {
    if (text.charCodeAt(i) !== QUOTE || !readString()) return false
    skipSpace()
    if (text.charCodeAt(i) !== COLON) return false
    i++
    return true
  }

  for (;;) {
    if (i >= sliceEnd) {
      yield
      sliceEnd = i + SLICE_CHARACTERS
    }
    // A value is expected at `i`.
    skipSpace()
    const c = text.charCodeAt(i)
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const object = c === OPEN_OBJECT
      i++
      skipSpace()
      if (text.charCodeAt(i) === (object ? CLOSE_OBJECT : CLOSE_ARRAY)) i++
      else {
        objects.push(object)
        if (object && !readKey()) return false
        continue
      }
    } else if (c === QUOTE) {
      if (!readString()) return false
    } else if (!readToken(c === 116 || c === 102 || c === 110 ? LITERAL : NUMBER)) return false
    // After a value: a comma and the next, the end of its containers, or the end of the text.
    for (;;) {
      skipSpace()
      if (objects.length === 0) return i === length
      const object = objects[objects.length - 1]!
      const next = text.charCodeAt(i)
      if (next === COMMA) {
        i++
        skipSpace()
        if (object && !readKey()) return false
        break
      }
      if (next !== (object ? CLOSE_OBJECT : CLOSE_ARRAY)) return false
      objects.pop()
      i++
    }
  }
}

/**
 * The fewest bytes of a declared body whose text surely reaches SHORTEST_PAST_VALUES characters (a
 * UTF-8 character of 3 bytes is one UTF-16 unit): for such a body, the scan refuses too deep a
 * nesting at its first bracket past the limit, whatever follows.
 */
export const WATCHED_FROM_BYTES = 3 * SHORTEST_PAST_VALUES
