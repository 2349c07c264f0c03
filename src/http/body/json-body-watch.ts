import type { Problem } from '../../common/api-error.ts'
import type { BodyWatch } from '../node-adapter/index.ts'
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, MAX_JSON_DEPTH, MAX_JSON_VALUES, OPEN_ARRAY, OPEN_OBJECT, QUOTE, TOO_DEEP, TOO_MANY } from './json-structure.ts'

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf]

/**
 * A long JSON body's structure read from its bytes as they arrive (decision 0107; docs/design.md
 * "Request bodies"), by the rule the text scan (json-text-structure.ts) applies to its text:
 * - JSON_TOO_DEEP at the first bracket past MAX_JSON_DEPTH, JSON or not: the rest is never read;
 * - JSON_TOO_MANY_VALUES at its end when it holds more than MAX_JSON_VALUES members and items as
 *   written and is JSON by the grammar JSON.parse reads: refused without being joined into one
 *   buffer, decoded or scanned again (a 720 KB body of 60,000 keys cost 6 ms of the event loop in
 *   one piece for those alone);
 * - anything else is the text scan's, as for any body: within the limits, or not JSON.
 * The work comes a socket's chunk at a time, between other requests' events. Brackets, quotes,
 * commas, backslashes and JSON's white space are single bytes in UTF-8, never part of a multi-byte
 * character, and a byte of one is never swallowed by a malformed one when the body is decoded. Only
 * for a UTF-8 body declared WATCHED_FROM_BYTES or longer, where the scan of its whole text would
 * answer the same.
 */
export function jsonBodyWatch(): BodyWatch {
  return new JsonBodyWatch()
}

// What the grammar expects next.
const VALUE = 0 // a value (the text's start, after a colon, after an array's comma)
const VALUE_OR_CLOSE = 1 // just after `[`
const KEY_OR_CLOSE = 2 // just after `{`
const KEY = 3 // after an object's comma
const COLON_NEXT = 4 // after a key
const AFTER_VALUE = 5 // a comma, a closing bracket, or (outside any container) the end
const IN_STRING = 6
const IN_ESCAPE = 7
const IN_UNICODE = 8 // `hex` hexadecimal digits to go
const IN_LITERAL = 9
const NUMBER_SIGN = 10 // after `-`: a digit
const NUMBER_ZERO = 11 // after a leading 0: `.`, `e`, or the end
const NUMBER_INT = 12
const NUMBER_POINT = 13 // after `.`: a digit
const NUMBER_FRACTION = 14
const NUMBER_E = 15 // after `e`: a sign or a digit
const NUMBER_E_SIGN = 16 // after `e+`: a digit
const NUMBER_EXPONENT = 17
const INVALID = 18 // not JSON: the grammar reads no more

const isSpace = (b: number) => b === 32 || b === 10 || b === 13 || b === 9
const isDigit = (b: number) => b >= 48 && b <= 57
const isHex = (b: number) => isDigit(b) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102)
// " \ / b f n r t
const isEscape = (b: number) => b === QUOTE || b === BACKSLASH || b === 47 || b === 98 || b === 102 || b === 110 || b === 114 || b === 116
const TRUE = [114, 117, 101]
const FALSE = [97, 108, 115, 101]
const NULL = [117, 108, 108]

/**
 * Two readers of the same bytes. The count, as the text scan counts: the nesting and the values as
 * written, strings skipped. JSON's grammar, as JSON.parse reads it, building nothing (the open
 * containers' kinds and the token being read): `state` turns INVALID at the first byte JSON.parse
 * would refuse. Inside a string, both skip to its next quote, backslash or control byte at once.
 */
class JsonBodyWatch implements BodyWatch {
  // The count.
  private depth = 0
  private values = 0
  private opened = false
  private inString = false
  private escaped = false
  // The grammar.
  private state = VALUE
  /** Bytes of the body read before this chunk, and of its leading byte order mark. */
  private offset = 0
  private bomRead = 0
  /** The open containers, 1 for an object; `top` of them. */
  private readonly objects = new Uint8Array(MAX_JSON_DEPTH + 2)
  private top = 0
  private stringIsKey = false
  private hex = 0
  private literal: number[] = TRUE
  private literalAt = 0

  chunk(bytes: Uint8Array): Problem | undefined {
    const length = bytes.length
    for (let i = 0; i < length; i++) {
      let b = bytes[i]!
      if (this.inString && !this.escaped) {
        // A string's plain run: nothing either reader looks at.
        const grammarInString = this.state === IN_STRING
        if (grammarInString || this.state === INVALID) {
          while (b !== QUOTE && b !== BACKSLASH && (b >= 32 || !grammarInString) && ++i < length) b = bytes[i]!
          if (i === length) break
        }
      }
      // A leading byte order mark is not part of the text (the body's reader drops it).
      if (this.state !== INVALID && !(this.offset + i < 3 && b === BYTE_ORDER_MARK[this.offset + i] && this.offset + i === this.bomRead)) this.step(b)
      else if (this.state !== INVALID) this.bomRead++
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (b === BACKSLASH) this.escaped = true
        else if (b === QUOTE) this.inString = false
        continue
      }
      if (b <= 32) continue
      if (this.opened) {
        this.opened = false
        if (b !== CLOSE_ARRAY && b !== CLOSE_OBJECT) this.values++
      }
      if (b === QUOTE) this.inString = true
      else if (b === COMMA) this.values++
      else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++this.depth > MAX_JSON_DEPTH) return TOO_DEEP
        this.opened = true
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) this.depth--
    }
    this.offset += length
    return undefined
  }

  end(): Problem | undefined {
    return this.values > MAX_JSON_VALUES && this.complete() ? TOO_MANY : undefined
  }

  /** Whether the bytes read are one whole JSON text (white space around it allowed). */
  private complete(): boolean {
    const state = this.state
    if (this.top > 0) return false
    return state === AFTER_VALUE || state === NUMBER_ZERO || state === NUMBER_INT || state === NUMBER_FRACTION || state === NUMBER_EXPONENT
  }

  private open(b: number): void {
    if (b === QUOTE) {
      this.state = IN_STRING
      this.stringIsKey = false
    } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      const object = b === OPEN_OBJECT
      this.objects[this.top++] = object ? 1 : 0
      this.state = object ? KEY_OR_CLOSE : VALUE_OR_CLOSE
    } else if (b === 45) this.state = NUMBER_SIGN
    else if (b === 48) this.state = NUMBER_ZERO
    else if (isDigit(b)) this.state = NUMBER_INT
    else if (b === 116 || b === 102 || b === 110) {
      this.literal = b === 116 ? TRUE : b === 102 ? FALSE : NULL
      this.literalAt = 0
      this.state = IN_LITERAL
    } else this.state = INVALID
  }

  private close(): void {
    this.top--
    this.state = AFTER_VALUE
  }

  /** After a value: a comma, its container's closing bracket, or white space. */
  private afterValue(b: number): void {
    if (isSpace(b)) {
      this.state = AFTER_VALUE
      return
    }
    const object = this.top === 0 ? -1 : this.objects[this.top - 1]!
    if (object === -1) this.state = INVALID
    else if (b === COMMA) this.state = object === 1 ? KEY : VALUE
    else if (b === (object === 1 ? CLOSE_OBJECT : CLOSE_ARRAY)) this.close()
    else this.state = INVALID
  }

  private step(b: number): void {
    switch (this.state) {
      case VALUE:
        if (!isSpace(b)) this.open(b)
        return
      case VALUE_OR_CLOSE:
        if (isSpace(b)) return
        if (b === CLOSE_ARRAY) this.close()
        else this.open(b)
        return
      case KEY_OR_CLOSE:
      case KEY:
        if (isSpace(b)) return
        if (b === CLOSE_OBJECT && this.state === KEY_OR_CLOSE) this.close()
        else if (b === QUOTE) {
          this.state = IN_STRING
          this.stringIsKey = true
        } else this.state = INVALID
        return
      case COLON_NEXT:
        if (b === COLON) this.state = VALUE
        else if (!isSpace(b)) this.state = INVALID
        return
      case AFTER_VALUE:
        this.afterValue(b)
        return
      case IN_STRING:
        if (b === QUOTE) this.state = this.stringIsKey ? COLON_NEXT : AFTER_VALUE
        else if (b === BACKSLASH) this.state = IN_ESCAPE
        else if (b < 32) this.state = INVALID
        return
      case IN_ESCAPE:
        if (b === 117) {
          this.state = IN_UNICODE
          this.hex = 4
        } else this.state = isEscape(b) ? IN_STRING : INVALID
        return
      case IN_UNICODE:
        if (!isHex(b)) this.state = INVALID
        else if (--this.hex === 0) this.state = IN_STRING
        return
      case IN_LITERAL:
        if (b !== this.literal[this.literalAt]) this.state = INVALID
        else if (++this.literalAt === this.literal.length) this.state = AFTER_VALUE
        return
      case NUMBER_SIGN:
        this.state = b === 48 ? NUMBER_ZERO : isDigit(b) ? NUMBER_INT : INVALID
        return
      case NUMBER_INT:
      case NUMBER_ZERO:
        // A digit after a leading 0 ends the number (and is refused after it).
        if (isDigit(b) && this.state === NUMBER_INT) return
        if (b === 46) this.state = NUMBER_POINT
        else if (b === 101 || b === 69) this.state = NUMBER_E
        else this.afterValue(b)
        return
      case NUMBER_POINT:
        this.state = isDigit(b) ? NUMBER_FRACTION : INVALID
        return
      case NUMBER_FRACTION:
        if (isDigit(b)) return
        if (b === 101 || b === 69) this.state = NUMBER_E
        else this.afterValue(b)
        return
      case NUMBER_E:
        this.state = b === 43 || b === 45 ? NUMBER_E_SIGN : isDigit(b) ? NUMBER_EXPONENT : INVALID
        return
      case NUMBER_E_SIGN:
        this.state = isDigit(b) ? NUMBER_EXPONENT : INVALID
        return
      case NUMBER_EXPONENT:
        if (!isDigit(b)) this.afterValue(b)
        return
    }
  }
}
