import { describe, expect, it } from 'vitest'
import { jsonStructureProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../src/http/body/json-structure.ts'

const nested = (levels: number, inner: unknown = 1): unknown => {
  let value = inner
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value }
  return value
}
const withMembers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]))

describe('the structure a JSON body may have', () => {
  it.each<[string, unknown]>([
    ['a scalar', 'text'],
    ['null', null],
    ['an empty object', {}],
    [`${MAX_JSON_DEPTH} levels`, nested(MAX_JSON_DEPTH)],
    [`${MAX_JSON_VALUES} members of one object`, withMembers(MAX_JSON_VALUES)],
    [`${MAX_JSON_VALUES} items of one array`, Array.from({ length: MAX_JSON_VALUES }, () => 0)],
    ['members and items up to the limit together', { list: Array.from({ length: MAX_JSON_VALUES - 2 }, () => 0), other: 1 }],
  ])('accepts %s', (_, value) => {
    expect(jsonStructureProblem(value)).toBeNull()
  })

  it.each<[string, unknown, string]>([
    [`${MAX_JSON_DEPTH + 1} levels`, nested(MAX_JSON_DEPTH + 1), 'JSON_TOO_DEEP'],
    ['90,000 levels of arrays', JSON.parse('['.repeat(90_000) + ']'.repeat(90_000)), 'JSON_TOO_DEEP'],
    ['90,000 levels of objects', JSON.parse('{"a":'.repeat(90_000) + '1' + '}'.repeat(90_000)), 'JSON_TOO_DEEP'],
    [`${MAX_JSON_VALUES + 1} members`, withMembers(MAX_JSON_VALUES + 1), 'JSON_TOO_MANY_VALUES'],
    ['60,000 members', withMembers(60_000), 'JSON_TOO_MANY_VALUES'],
    ['members and items one past the limit together', { list: Array.from({ length: MAX_JSON_VALUES - 1 }, () => 0), other: 1 }, 'JSON_TOO_MANY_VALUES'],
  ])('refuses %s, naming the body', (_, value, key) => {
    expect(jsonStructureProblem(value)).toMatchObject({ key, field: 'body' })
  })
})
