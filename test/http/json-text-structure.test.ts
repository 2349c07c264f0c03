import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/common/api-error.ts'
import type { AppEnv } from '../../src/http/router/app-env.ts'
import { jsonStructureProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../src/http/body/json-structure.ts'
import { jsonTextGuard } from '../../src/http/body/json-text.ts'
import { jsonTextScan, jsonTextStructure, SHORTEST_PAST_VALUES, SLICE_CHARACTERS } from '../../src/http/body/json-text-structure.ts'
import { generatedJson, items, members, mutated, nestedArrays, nestedObjects, parsedVerdict, ruleVerdict, textVerdict } from './support/json-texts.ts'
import { seededRandom } from '../support/seeded-random.ts'

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
    const random = seededRandom(20_260_101)
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
