import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isIndividualNif, isValidCitizenCardNumber, isValidNiss } from '../../../../src/domain/identity-numbers.ts'
import { fromRoot } from '../../../../src/platform/package-root.ts'

/** The table of ten fixed test identities of docs/test-data.md: name, NIF, NISS, citizen card. */
function publishedIdentities(): string[][] {
  const page = readFileSync(fromRoot('docs', 'test-data.md'), 'utf8')
  const table = page.slice(page.indexOf('| Name | NIF | NISS | Citizen card |'))
  const lines = table.split('\n').slice(2)
  return lines
    .slice(
      0,
      lines.findIndex((line) => !line.startsWith('|')),
    )
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
}

describe('the test identities published in docs/test-data.md', () => {
  it('are ten, distinct, and valid by the algorithms that check Borrower Create', () => {
    const rows = publishedIdentities()
    expect(rows).toHaveLength(10)
    expect(new Set(rows.map((row) => row[1])).size).toBe(10)
    for (const [name, nif, niss, card] of rows) {
      const [civil = '', check = '', version = ''] = card!.split(' ')
      expect([name, isIndividualNif(nif!), isValidNiss(niss!), isValidCitizenCardNumber(civil, `${check}${version}`)]).toEqual([name, true, true, true])
    }
  })
})
