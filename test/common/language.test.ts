import { describe, expect, it } from 'vitest'
import { interpolate, negotiateLanguage } from '../../src/common/language.ts'

describe('answer language from Accept-Language', () => {
  it.each([
    [undefined, 'pt-PT'],
    ['', 'pt-PT'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['pt-PT', 'pt-PT'],
    ['pt-BR,en;q=0.5', 'pt-PT'],
    ['fr-FR,en;q=0.8,pt;q=0.9', 'pt-PT'],
    ['fr-FR,en;q=0.8', 'en'],
    ['de', 'pt-PT'],
    ['en;q=0', 'pt-PT'],
    ['*', 'pt-PT'],
  ])('%j answers in %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected)
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })
})
