import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderProblem } from '../../src/common/api-error.ts'
import { ERRORS } from '../../src/common/error-catalogue.ts'

// Words of English that Portuguese never uses: one in a pt-PT message means half of it is English.
const ENGLISH = new Set(
  'the of is are must not with for this that which has have does and or be it its field value request process simulation partner user broker notification document resource type allowed missing invalid found about should cannot from an on in to at by was were please retry seconds'.split(
    ' ',
  ),
)

/** The words of a message a reader sees as language: placeholders, quoted code, identifiers and paths left out. */
function proseWords(message: string): string[] {
  return message
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/`[^`]*`|'[^']*'|"[^"]*"/g, ' ')
    .split(/[\s,.:;()!?]+/)
    .filter((word) => /^[a-zà-ú-]+$/i.test(word) && !/[a-z][A-Z]/.test(word) && word === word.toLowerCase())
}

const englishIn = (message: string) => proseWords(message).filter((word) => ENGLISH.has(word))

/** Every text('pt', 'en') pair written in src/: its Portuguese half, with where it is. */
function portugueseTexts(dir: string): Array<{ where: string; pt: string }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return portugueseTexts(path)
    if (!name.endsWith('.ts')) return []
    const source = readFileSync(path, 'utf8')
    return [...source.matchAll(/\btext\(\s*(['`"])((?:\\.|(?!\1).)*)\1\s*,/gs)].map((m) => ({ where: `${path}:${source.slice(0, m.index).split('\n').length}`, pt: m[2]! }))
  })
}

describe('messages in pt-PT', () => {
  it('the error catalogue has no English word in its Portuguese messages', () => {
    const mixed = Object.entries(ERRORS).flatMap(([key, d]) => (englishIn(d.message['pt-PT']).length ? [`${key}: ${d.message['pt-PT']}`] : []))
    expect(mixed).toEqual([])
  })

  it("no Portuguese half of a text('pt', 'en') pair in src/ has an English word", () => {
    const texts = portugueseTexts('src')
    expect(texts.length).toBeGreaterThan(50)
    const mixed = texts.flatMap(({ where, pt }) => (englishIn(pt).length ? [`${where}: ${pt} (${englishIn(pt).join(', ')})`] : []))
    expect(mixed).toEqual([])
  })

  it('the checker finds English in a mixed message, and none in a Portuguese one', () => {
    expect(englishIn('O tipo de notificação {type} refere-se a process: use {expected}.')).toEqual(['process'])
    expect(englishIn("O cabeçalho Authorization tem de ser 'Bearer <token>'.")).toEqual([])
  })
})

describe('the resources a message names', () => {
  it.each(['simulation', 'process', 'document', 'property', 'borrower', 'message', 'notification', 'partner', 'broker', 'user'])(
    'are named in Portuguese in a pt-PT message, and in English in an en one (%s)',
    (resource) => {
      const problem = { key: 'NOT_FOUND' as const, field: 'id', params: { resource, id: '42' } }
      expect(englishIn(renderProblem(problem, 'pt-PT').errorMessage)).toEqual([])
      expect(renderProblem(problem, 'en').errorMessage).toBe(`Resource not found: ${resource} 42.`)
    },
  )
})
