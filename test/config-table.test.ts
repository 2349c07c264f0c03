import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable, configVariables } from '../scripts/config-table.ts'

const page = readFileSync('docs/configuration.md', 'utf8')
const rowOf = (table: string, name: string) => table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`))

describe('the table of every environment variable in docs/configuration.md', () => {
  it('is the one written from the schema of src/platform/config-environment.ts (npx tsx scripts/write-config-table.ts)', () => {
    const start = page.indexOf(CONFIG_TABLE_START)
    const end = page.indexOf(CONFIG_TABLE_END)
    expect(start, 'the page has the table between its markers').toBeGreaterThan(0)
    expect(page.slice(start, end + CONFIG_TABLE_END.length)).toBe(configTable())
  })

  it('has one row for each variable of the schema, and no other', () => {
    const table = configTable()
    const rows = table.split('\n').filter((line) => line.startsWith('| `'))
    expect(rows).toHaveLength(configVariables().length)
    for (const name of configVariables()) expect(rowOf(table, name), name).toBeDefined()
  })

  it("gives each mode's own default where the mode decides it, read from the configuration each mode loads", () => {
    const table = configTable()
    expect(rowOf(table, 'SANDBOX_RATE_LIMIT')).toContain('| `0` local, `20` hosted |')
    expect(rowOf(table, 'SANDBOX_QUOTA_STORAGE_MB')).toContain('| `0` local, `256` hosted |')
    expect(rowOf(table, 'SANDBOX_DEMO_IDENTITIES')).toContain('| `true` local, `false` hosted |')
    expect(rowOf(table, 'SANDBOX_TOKEN_TTL_SECONDS')).toContain('| `3600` | a whole number from 1 to 31,536,000 |')
    expect(rowOf(table, 'SANDBOX_CALLBACK_ALLOW_HTTP')).toContain('| `false` | `true` or `false`')
    expect(rowOf(table, 'SANDBOX_SECRETS_KEY')).toContain('| text of 32 characters or more |')
  })
})
