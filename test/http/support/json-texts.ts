import { jsonStructureProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../src/http/body/json-structure.ts'
import { jsonTextStructure, SHORTEST_PAST_VALUES } from '../../../src/http/body/json-text-structure.ts'

// JSON texts near the body limits, and what the JSON guard answers them: shared by the tests of the
// text scan (json-text-structure.test.ts) and of the watch of a body's bytes (json-body-watch.test.ts).

/** What the JSON guard answers a text: the old way, JSON.parse and the walk of the parsed value. */
export function parsedVerdict(text: string): string {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'malformed'
  }
  return jsonStructureProblem(value)?.key ?? 'within'
}

/**
 * What the JSON guard answers a text by the rule it states (docs/design.md "Request bodies"): a short
 * text, as the walk of the parsed value; a longer one, too deep as soon as it nests past the limit
 * (JSON or not), else malformed if it is not JSON, else too many past the values as written.
 */
export function ruleVerdict(text: string): string {
  if (text.length < SHORTEST_PAST_VALUES) return parsedVerdict(text)
  if (textDepth(text) > MAX_JSON_DEPTH) return 'JSON_TOO_DEEP'
  try {
    JSON.parse(text)
  } catch {
    return 'malformed'
  }
  return valuesAsWritten(text) > MAX_JSON_VALUES ? 'JSON_TOO_MANY_VALUES' : 'within'
}

/** The text without its strings (a string not closed runs to the end) nor white space. */
const bare = (text: string) => text.replace(/"(?:[^"\\]|\\[\s\S]?)*(?:"|$)/g, '""').replace(/\s+/g, '')

/** The deepest nesting of brackets outside strings. */
function textDepth(text: string): number {
  let depth = 0
  let deepest = 0
  for (const c of bare(text)) {
    if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return deepest
}

/** Members and items of a JSON text as written, a repeated key each time: its commas, and one more in each container not empty. */
function valuesAsWritten(text: string): number {
  const written = bare(text)
  return (written.match(/,/g)?.length ?? 0) + (written.match(/[[{](?=[^\]}])/g)?.length ?? 0)
}

/** What the JSON guard answers a text now: read from the text, parsed only when within the limits or when the walk must decide. */
export function textVerdict(text: string): string {
  const structure = jsonTextStructure(text)
  if (structure === 'malformed') return 'malformed'
  if (typeof structure === 'object') return structure.key
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'malformed'
  }
  return (structure === 'walk' ? jsonStructureProblem(value)?.key : undefined) ?? 'within'
}

export const items = (count: number, item = '0') => `[${Array.from({ length: count }, () => item).join(',')}]`
export const members = (count: number, key = (i: number) => `k${i}`) => `{${Array.from({ length: count }, (_, i) => `${JSON.stringify(key(i))}:1`).join(', ')}}`
export const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
export const nestedObjects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)

const KEYS = ['__proto__', '[', '{,', '"', '\\', 'a\\"b', '\u00e9', '\ud83d\ude00']
const SCALARS = ['0', '-1.5e3', 'true', 'false', 'null', '""', '"x,[{"', '"\\"\\\\"', '"\\u005b"', '"\\ud800"', '1E+2']
const SPACE = ['', '', ' ', '\n', '\t', '\r\n ']

/** A JSON text whose values and depth land near the limits: a few wide containers, a few deep chains, repeated keys now and then. */
export function generatedJson(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const targetValues = MAX_JSON_VALUES - 50 + Math.floor(random() * 150)
  const targetDepth = MAX_JSON_DEPTH - 2 + Math.floor(random() * 5)
  let budget = targetValues
  // Every member or item spends the budget; one spine of narrow containers goes targetDepth deep (or
  // not, at random), with wide containers hanging from it.
  const value = (depth: number, spine: boolean): string => {
    if (spine && depth < targetDepth) return container(depth + 1, 1 + Math.floor(random() * 3), random() < 0.99)
    if (budget > 50 && depth < MAX_JSON_DEPTH && random() < 0.1) return container(depth + 1, 1 + Math.floor(random() * budget * 0.8), false)
    return pick(SCALARS)
  }
  const container = (depth: number, width: number, spine: boolean): string => {
    const object = random() < 0.5
    const parts: string[] = []
    const spineAt = Math.floor(random() * width)
    for (let k = 0; k < width && (budget-- > 0 || k === 0); k++) {
      const inner = value(depth, spine && k === spineAt)
      if (!object) parts.push(pick(SPACE) + inner)
      else {
        const key = `${random() < 0.05 ? pick(KEYS) : 'k'}${Math.floor(random() * 1e9)}`
        parts.push(`${pick(SPACE)}${JSON.stringify(key)}${pick(SPACE)}:${pick(SPACE)}${inner}`)
      }
    }
    return object ? `{${parts.join(',')}${pick(SPACE)}}` : `[${parts.join(',')}]`
  }
  return pick(SPACE) + container(1, 1 + Math.floor(random() * 4), true) + pick(SPACE)
}

/** The text with one character inserted, removed or replaced by one of JSON's own. */
export function mutated(text: string, random: () => number): string {
  const at = Math.floor(random() * text.length)
  const character = ',:[]{}"\\0e-x \u0001'[Math.floor(random() * 15)]!
  const kind = random()
  if (kind < 0.33) return text.slice(0, at) + character + text.slice(at)
  if (kind < 0.66) return text.slice(0, at) + text.slice(at + 1)
  return text.slice(0, at) + character + text.slice(at + 1)
}
