import { describe, expect, it } from 'vitest'
import { jsonBodyWatch } from '../../src/http/body/json-body-watch.ts'
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../src/http/body/json-structure.ts'
import { SHORTEST_PAST_VALUES } from '../../src/http/body/json-text-structure.ts'
import { generatedJson, items, members, mutated, nestedArrays, ruleVerdict } from './support/json-texts.ts'
import { seededRandom } from '../support/seeded-random.ts'

/** What the watch says of a body sent in chunks of the given sizes (cycled): a refusal's key, or 'read on'. */
function watched(bytes: Uint8Array, sizes: number[]): string {
  const watch = jsonBodyWatch()
  for (let at = 0, k = 0; at < bytes.length; at += sizes[k++ % sizes.length]!) {
    const problem = watch.chunk(bytes.subarray(at, at + sizes[k % sizes.length]!))
    if (problem) return problem.key
  }
  return watch.end()?.key ?? 'read on'
}

/** What the watch must say of a long text: the guard's verdict where it refuses, else read on (the scan of the text decides). */
const expected = (text: string) => {
  // The body's reader drops one byte order mark before the scan reads the text.
  const verdict = ruleVerdict(text.startsWith('\ufeff') ? text.slice(1) : text)
  return verdict === 'JSON_TOO_DEEP' || verdict === 'JSON_TOO_MANY_VALUES' ? verdict : 'read on'
}

const utf8 = (text: string) => Buffer.from(text, 'utf8')
const pad = (text: string) => (text.length >= SHORTEST_PAST_VALUES ? text : text + ' '.repeat(SHORTEST_PAST_VALUES - text.length))

describe('the watch of a long JSON body as its bytes arrive', () => {
  it.each<[string, string, string]>([
    [`${MAX_JSON_VALUES + 1} members`, members(MAX_JSON_VALUES + 1), 'JSON_TOO_MANY_VALUES'],
    [`exactly ${MAX_JSON_VALUES} members`, pad(members(MAX_JSON_VALUES)), 'read on'],
    [`${MAX_JSON_VALUES + 1} members, malformed at the very end`, members(MAX_JSON_VALUES + 1) + ',', 'read on'],
    [`${MAX_JSON_VALUES + 1} items with a raw control character in a string`, items(MAX_JSON_VALUES + 1, '"a\u0001"'), 'read on'],
    [`${MAX_JSON_VALUES + 1} items with a leading zero`, items(MAX_JSON_VALUES + 1, '01'), 'read on'],
    [`${MAX_JSON_VALUES + 1} numbers of every form`, items(MAX_JSON_VALUES + 1, '-0.5e+10').replace('-0.5e+10', '0') + ' ', 'JSON_TOO_MANY_VALUES'],
    [`${MAX_JSON_VALUES + 1} escaped strings, non-ASCII ones`, items(MAX_JSON_VALUES + 1, '"\\u00e9\\n\\/é😀"'), 'JSON_TOO_MANY_VALUES'],
    [`${MAX_JSON_VALUES + 1} members after a byte order mark`, '\ufeff' + members(MAX_JSON_VALUES + 1), 'JSON_TOO_MANY_VALUES'],
    [`${MAX_JSON_VALUES + 1} members after two byte order marks`, '\ufeff\ufeff' + members(MAX_JSON_VALUES + 1), 'read on'],
    [`${MAX_JSON_DEPTH + 1} levels`, pad(nestedArrays(MAX_JSON_DEPTH + 1)), 'JSON_TOO_DEEP'],
    ['brackets inside strings', pad(`{"a":"${'['.repeat(MAX_JSON_DEPTH + 1)}\\""}`), 'read on'],
    ['a literal cut short', items(MAX_JSON_VALUES + 1, 'tru'), 'read on'],
    ['two texts in a row', members(MAX_JSON_VALUES + 1) + ' {}', 'read on'],
  ])('answers %s as the scan of its text does', (_, text, verdict) => {
    expect(expected(text)).toBe(verdict)
    for (const sizes of [[1], [7, 3], [65_536], [1, 2, 3, 5, 8, 13]]) expect(watched(utf8(text), sizes), String(sizes)).toBe(verdict)
  })

  it('reads on when a malformed byte sequence sits in a string, as the decoded text parses, and refuses one outside', () => {
    const body = members(MAX_JSON_VALUES + 1)
    const inString = Buffer.concat([utf8(body.slice(0, 3)), Buffer.from([0xe2, 0x28]), utf8(body.slice(3))])
    expect(watched(inString, [4096])).toBe('JSON_TOO_MANY_VALUES')
    const outside = Buffer.concat([utf8(body.slice(0, 1)), Buffer.from([0xc3]), utf8(body.slice(1))])
    expect(watched(outside, [4096])).toBe('read on')
  })

  it('answers as the scan of the text does on thousands of generated texts near the limits, malformed ones too, in chunks of every size', () => {
    const random = seededRandom(20_261_128)
    const verdicts = new Set<string>()
    for (let n = 0; n < 24; n++) {
      const text = n % 3 === 2 ? `{"x":${generatedJson(random)},"y":[${generatedJson(random)}]}` : generatedJson(random)
      for (const candidate of [text, mutated(text, random), mutated(text, random), mutated(mutated(text, random), random)]) {
        if (candidate.length < SHORTEST_PAST_VALUES) continue
        verdicts.add(expected(candidate))
        const sizes = [1 + Math.floor(random() * 70_000), 1 + Math.floor(random() * 300)]
        expect(watched(utf8(candidate), sizes), candidate.slice(0, 200)).toBe(expected(candidate))
      }
    }
    expect([...verdicts].sort()).toEqual(['JSON_TOO_DEEP', 'JSON_TOO_MANY_VALUES', 'read on'])
  })
})
