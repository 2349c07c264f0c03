import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { allRules } from '../../src/http/access/access-rules.ts'
import { ACCESS_TABLE_END, ACCESS_TABLE_START, accessTable } from '../../src/http/access/access-table.ts'
import { openApiDocument } from '../../src/app/openapi-document.ts'

const page = readFileSync('docs/roles.md', 'utf8')

describe('the table of who may do what in docs/roles.md', () => {
  it('is the one written from src/http/access/access-rules.ts (npx tsx scripts/write-access-table.ts)', () => {
    const start = page.indexOf(ACCESS_TABLE_START)
    const end = page.indexOf(ACCESS_TABLE_END)
    expect(start, 'the page has the table between its markers').toBeGreaterThan(0)
    expect(page.slice(start, end + ACCESS_TABLE_END.length)).toBe(accessTable())
  })

  it("has a row for every rule, saying 403 to a broker user exactly where the rule is an administrator's", () => {
    const table = accessTable()
    for (const { key, access } of allRules()) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${key.replaceAll('|', '\\|')}\` |`))
      expect(row, key).toBeDefined()
      expect(row!.split(' | ')[2] === '403', key).toBe(access === 'admin')
    }
  })
})

describe('the OpenAPI document', () => {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }

  it("documents the 403 of every administrator's operation", () => {
    const admin = allRules().filter((r) => r.access === 'admin' && !r.key.includes(' /console'))
    expect(admin.length).toBeGreaterThan(10)
    for (const { key } of admin) {
      const [method, path] = key.split(' ') as [string, string]
      expect(document.paths[path]?.[method.toLowerCase()]?.responses, key).toHaveProperty('403')
    }
  })
})
