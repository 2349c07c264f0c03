import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/common/api-error.ts'
import type { AppEnv } from '../../src/http/router/app-env.ts'
import { jsonStructureProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../src/http/body/json-structure.ts'
import { jsonTextGuard } from '../../src/http/body/json-text.ts'
import { jsonTextScan, jsonTextStructure, SHORTEST_PAST_VALUES, SLICE_CHARACTERS } from '../../src/http/body/json-text-structure.ts'

/** What the JSON guard answers a text: the old way, JSON.parse and the walk of the parsed value. */
function parsedVerdict(text: string): string {
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
function ruleVerdict(text: string): string {
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
function textVerdict(text: string): string {
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

const items = (count: number, item = '0') => `[${Array.from({ length: count }, () => item).join(',')}]`
const members = (count: number, key = (i: number) => `k${i}`) => `{${Array.from({ length: count }, (_, i) => `${JSON.stringify(key(i))}:1`).join(', ')}}`
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
const nestedObjects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)

describe('the structure of a JSON body, read from its text', () => {
  it.each<[string, string, string]>([
    [`exactly ${MAX_JSON_VALUES} items`, items(MAX_JSON_VALUES), 'within'],
    [`${MAX_JSON_VALUES + 1} items`, items(MAX_JSON_VALUES + 1), 'JSON_TOO_MANY_VALUES'],
    [`exactly ${MAX_JSON_VALUES} members`, members(MAX_JSON_VALUES), 'within'],
    [`${MAX_JSON_VALUES + 1} members`, members(MAX_JSON_VALUES + 1), 'JSON_TOO_MANY_VALUES'],
    [`${MAX_JSON_VALUES} values in nested arrays`, `[${items(MAX_JSON_VALUES - 2)},[]]`, 'within'],
    [`${MAX_JSON_VALUES + 1} values in nested arrays`, `[${items(MAX_JSON_VALUES - 1)},[[]]]`, 'JSON_TOO_MANY_VALUES'],
    [`${MAX_JSON_VALUES} values, counting the items of empty arrays' parents`, items(MAX_JSON_VALUES / 2, '[0]'), 'within'],
    [`${MAX_JSON_DEPTH} levels of arrays`, nestedArrays(MAX_JSON_DEPTH), 'within'],
    [`${MAX_JSON_DEPTH + 1} levels of arrays`, nestedArrays(MAX_JSON_DEPTH + 1), 'JSON_TOO_DEEP'],
    [`${MAX_JSON_DEPTH} levels of objects`, nestedObjects(MAX_JSON_DEPTH), 'within'],
    [`${MAX_JSON_DEPTH + 1} levels of objects`, nestedObjects(MAX_JSON_DEPTH + 1), 'JSON_TOO_DEEP'],
    [`brackets and commas inside ${MAX_JSON_VALUES + 1} keys' strings`, members(MAX_JSON_VALUES, (i) => `[{,${i}"]}\\`), 'within'],
    ['brackets and commas inside a string value', `{"a":${JSON.stringify('[,'.repeat(MAX_JSON_VALUES + 1) + '"\\')}}`, 'within'],
    [`escaped quotes ending in a backslash, ${MAX_JSON_VALUES + 1} items`, items(MAX_JSON_VALUES + 1, '"\\"\\\\"'), 'JSON_TOO_MANY_VALUES'],
    ['a repeated key overwriting a deep value', `{"a":${nestedArrays(MAX_JSON_DEPTH + 5)},"a":1}`, 'within'],
    [`${MAX_JSON_VALUES + 1} members, malformed at the very end`, members(MAX_JSON_VALUES + 1) + ',', 'malformed'],
    [`${MAX_JSON_VALUES + 1} items with a raw control character in a string`, items(MAX_JSON_VALUES + 1, '"a\u0001"'), 'malformed'],
    [`${MAX_JSON_DEPTH + 1} levels, never closed`, '['.repeat(MAX_JSON_DEPTH + 1), 'malformed'],
  ])('answers %s as the walk of the parsed value does', (_, text, verdict) => {
    expect(parsedVerdict(text)).toBe(verdict)
    expect(textVerdict(text)).toBe(verdict)
  })

  // Where the text says more than the parsed value: what was sent is refused, not what JSON.parse keeps of it.
  it.each<[string, string, string, string]>([
    ['too deep, then too many', 'JSON_TOO_DEEP', 'JSON_TOO_MANY_VALUES', `{"x":${nestedArrays(MAX_JSON_DEPTH + 1)},"y":${items(MAX_JSON_VALUES)}}`],
    ['too many, then too deep', 'JSON_TOO_DEEP', 'JSON_TOO_MANY_VALUES', `{"x":${items(MAX_JSON_VALUES)},"1":${nestedArrays(MAX_JSON_DEPTH + 1)}}`],
    ['400,000 levels, never closed', 'JSON_TOO_DEEP', 'malformed', '['.repeat(400_000)],
    ['too deep, then not JSON', 'JSON_TOO_DEEP', 'malformed', `${nestedArrays(MAX_JSON_DEPTH + 1)}${items(MAX_JSON_VALUES)}`],
    [
      'a repeated key overwriting a deep value, in a long body',
      'JSON_TOO_DEEP',
      'within',
      `{"a":${nestedArrays(MAX_JSON_DEPTH + 5)},"a":1,"b":"${'x'.repeat(SHORTEST_PAST_VALUES)}"}`,
    ],
    [
      `${MAX_JSON_VALUES + 1} members, one key written twice (once escaped)`,
      'JSON_TOO_MANY_VALUES',
      'within',
      members(MAX_JSON_VALUES + 1, (i) => (i === 0 ? 'k1' : `k${i}`)).replace('"k1"', '"\\u006b1"'),
    ],
  ])('answers %s by its text (%s), where the walk of the parsed value says %s', (_, verdict, walked, text) => {
    expect(parsedVerdict(text)).toBe(walked)
    expect(ruleVerdict(text)).toBe(verdict)
    expect(textVerdict(text)).toBe(verdict)
  })

  it('refuses a body 400,000 levels deep in its first slice, having read no further than the limit', () => {
    const deep = nestedArrays(400_000)
    const scan = jsonTextScan(deep)
    const first = scan.next()
    expect(first).toEqual({ done: true, value: { key: 'JSON_TOO_DEEP', field: 'body', params: { limit: MAX_JSON_DEPTH } } })
    // Whatever follows the 33rd level is not read: not even where the text stops being JSON.
    expect(jsonTextScan(`${'['.repeat(MAX_JSON_DEPTH + 1)}${'x'.repeat(900_000)}`).next()).toMatchObject({ done: true, value: { key: 'JSON_TOO_DEEP' } })
  })

  it('reads a long body a slice at a time, none longer than SLICE_CHARACTERS of each pass', () => {
    const body = `[${Array.from({ length: 330_000 }, () => '[]').join(',')}]`
    let slices = 0
    const scan = jsonTextScan(body)
    for (let step = scan.next(); !step.done; step = scan.next()) slices++
    // Counted, then read by the grammar: each pass gives the loop back at every slice.
    expect(slices).toBeGreaterThanOrEqual(2 * Math.floor(body.length / SLICE_CHARACTERS))
    expect(jsonTextStructure(body)).toMatchObject({ key: 'JSON_TOO_MANY_VALUES' })
  })

  it('refuses 60,000 members, or 90,000 levels, without a pass that builds them', () => {
    expect(jsonTextStructure(members(60_000))).toMatchObject({ key: 'JSON_TOO_MANY_VALUES', field: 'body', params: { limit: MAX_JSON_VALUES } })
    expect(jsonTextStructure(` ${nestedArrays(90_000)} `)).toMatchObject({ key: 'JSON_TOO_DEEP', field: 'body', params: { limit: MAX_JSON_DEPTH } })
  })

  it('answers by its rule on thousands of generated texts near the limits, malformed ones too', () => {
    const random = seeded(20_260_101)
    const verdicts = new Set<string>()
    for (let n = 0; n < 24; n++) {
      // One in three holds two: past both limits, the one the text passes first decides.
      const text = n % 3 === 2 ? `{"x":${generatedJson(random)},${['"1"', '"y"', '"w"', '"z"'][n % 4]}:[${generatedJson(random)}]}` : generatedJson(random)
      verdicts.add(ruleVerdict(text))
      expect(textVerdict(text), text.slice(0, 200)).toBe(ruleVerdict(text))
      for (let m = 0; m < 3; m++) {
        const broken = mutated(text, random)
        expect(textVerdict(broken), broken.slice(0, 200)).toBe(ruleVerdict(broken))
      }
    }
    expect([...verdicts].sort()).toEqual(['JSON_TOO_DEEP', 'JSON_TOO_MANY_VALUES', 'within'])
  })
})

describe('the JSON guard', () => {
  const app = new Hono<AppEnv>()
  app.use('*', jsonTextGuard())
  app.post('/validate', async (c) => c.text(`route read ${(await c.req.text()).length} characters`))
  app.onError((error, c) => c.text(error instanceof ApiError ? error.key : 'crashed', 400))
  const post = (body: string) => app.request('/validate', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })
  afterEach(() => vi.restoreAllMocks())

  it('refuses 60,000 members without handing them to JSON.parse', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const res = await post(members(60_000))
    expect(await res.text()).toBe('JSON_TOO_MANY_VALUES')
    expect(parse.mock.calls.filter(([text]) => text.length > 1000)).toEqual([])
  })

  it('leaves a malformed body past the limits to its route, unparsed', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const body = members(60_000) + ']'
    expect(await (await post(body)).text()).toBe(`route read ${body.length} characters`)
    expect(parse.mock.calls.filter(([text]) => text.length > 1000)).toEqual([])
  })

  it('lets the event loop run other work between the slices of a long body', async () => {
    const body = `[${Array.from({ length: 330_000 }, () => '[]').join(',')}]`
    let answered = false
    let turns = 0
    const other = () => {
      turns++
      if (!answered) setImmediate(other)
    }
    const res = Promise.resolve(post(body)).finally(() => (answered = true))
    setImmediate(other)
    expect(await (await res).text()).toBe('JSON_TOO_MANY_VALUES')
    // Counted, then read by the grammar: the other work ran at least once a slice of each pass.
    expect(turns).toBeGreaterThanOrEqual(2 * Math.floor(body.length / SLICE_CHARACTERS))
  })

  it('hands a body within the limits on, parsed once', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const body = members(MAX_JSON_VALUES)
    expect(await (await post(body)).text()).toBe(`route read ${body.length} characters`)
    expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1)
  })
})

function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const KEYS = ['__proto__', '[', '{,', '"', '\\', 'a\\"b', '\u00e9', '\ud83d\ude00']
const SCALARS = ['0', '-1.5e3', 'true', 'false', 'null', '""', '"x,[{"', '"\\"\\\\"', '"\\u005b"', '"\\ud800"', '1E+2']
const SPACE = ['', '', ' ', '\n', '\t', '\r\n ']

/** A JSON text whose values and depth land near the limits: a few wide containers, a few deep chains, repeated keys now and then. */
function generatedJson(random: () => number): string {
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
function mutated(text: string, random: () => number): string {
  const at = Math.floor(random() * text.length)
  const character = ',:[]{}"\\0e-x \u0001'[Math.floor(random() * 15)]!
  const kind = random()
  if (kind < 0.33) return text.slice(0, at) + character + text.slice(at)
  if (kind < 0.66) return text.slice(0, at) + text.slice(at + 1)
  return text.slice(0, at) + character + text.slice(at + 1)
}
