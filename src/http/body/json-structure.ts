import type { Problem } from '../../common/api-error.ts'

/** Levels of objects and arrays a JSON body may nest: the bank's deepest input has six. */
export const MAX_JSON_DEPTH = 32
/** Object members and array items a JSON body may hold in all: the largest input has a few hundred. */
export const MAX_JSON_VALUES = 5000

/** The problems of a body past each limit, as every reader of a JSON body answers them (400, naming the body). */
export const TOO_DEEP: Problem = { key: 'JSON_TOO_DEEP', field: 'body', params: { limit: MAX_JSON_DEPTH } }
export const TOO_MANY: Problem = { key: 'JSON_TOO_MANY_VALUES', field: 'body', params: { limit: MAX_JSON_VALUES } }

/** JSON's structural characters, one byte each in UTF-8 and one UTF-16 unit each: the readers of a text and of its bytes share them. */
export const QUOTE = 34
export const BACKSLASH = 92
export const COMMA = 44
export const COLON = 58
export const OPEN_ARRAY = 91
export const CLOSE_ARRAY = 93
export const OPEN_OBJECT = 123
export const CLOSE_OBJECT = 125

// Reused: the walk keeps at most MAX_JSON_VALUES entries, and a request never runs two walks at once.
const pending: object[] = []
const depths: number[] = []

/**
 * The first limit a parsed JSON body breaks, or null: more than MAX_JSON_DEPTH levels, or more than
 * MAX_JSON_VALUES members and items. Walked with a stack of its own, never by recursion, and stopped
 * at the first value past a limit: JSON.parse itself does not recurse, but every reader after it
 * (zod, the control-character guard, the journal's redaction) does, so a body nested 90,000 deep
 * would overflow their stack, and 60,000 unknown keys would cost an error each.
 */
export function jsonStructureProblem(value: unknown): Problem | null {
  if (value === null || typeof value !== 'object') return null
  let values = 0
  pending.length = 0
  depths.length = 0
  pending.push(value)
  depths.push(1)
  try {
    while (pending.length > 0) {
      const node = pending.pop()!
      const depth = depths.pop()!
      if (depth > MAX_JSON_DEPTH) return TOO_DEEP
      if (Array.isArray(node)) {
        values += node.length
        if (values > MAX_JSON_VALUES) break
        for (const item of node) {
          if (item !== null && typeof item === 'object') {
            pending.push(item)
            depths.push(depth + 1)
          }
        }
      } else {
        for (const key in node) {
          if (++values > MAX_JSON_VALUES) break
          const item = (node as Record<string, unknown>)[key]
          if (item !== null && typeof item === 'object') {
            pending.push(item)
            depths.push(depth + 1)
          }
        }
        if (values > MAX_JSON_VALUES) break
      }
    }
  } finally {
    pending.length = 0
    depths.length = 0
  }
  return values > MAX_JSON_VALUES ? TOO_MANY : null
}
