import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERROR_TABLE_END, ERROR_TABLE_START, errorCodes, errorTable } from '../scripts/error-table.ts'

const page = readFileSync('docs/conventions.md', 'utf8')

describe('the table of error codes in docs/conventions.md', () => {
  it('is the one written from src/common/error-catalogue.ts (npx tsx scripts/write-error-table.ts)', () => {
    const start = page.indexOf(ERROR_TABLE_START)
    const end = page.indexOf(ERROR_TABLE_END)
    expect(start, 'the page has the table between its markers').toBeGreaterThan(0)
    expect(page.slice(start, end + ERROR_TABLE_END.length)).toBe(errorTable())
  })

  it('has one row for each code of the catalogue, with its status, and the success code', () => {
    const rows = errorTable()
      .split('\n')
      .filter((line) => /^\| \d{6} \|/.test(line))
    expect(rows).toHaveLength(errorCodes().length + 1)
    expect(rows).toContain('| 010101 | 400 | Missing required field: `{field}`. |')
    expect(rows.find((row) => row.startsWith('| 010605 |'))).toMatch(/^\| 010605 \| 409 \| Quota reached/)
  })
})
