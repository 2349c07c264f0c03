import { describe, expect, it } from 'vitest'
import { ACCOUNT_TABLES } from '../../../src/modules/housekeeping/partner-data.ts'
import { createTestSandbox } from '../../support/test-app.ts'

describe("the owners of a partner's data", () => {
  it('cover every table with a partner_unique_id column (or it is the account, kept by a reset), and name only tables that exist', async () => {
    const s = await createTestSandbox()
    const tables = s.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
    const withPartner = tables.filter((table) => (s.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).includes('partner_unique_id'))
    const owners = s.services.housekeeping.ownersList()
    const owned = new Set(owners.flatMap((owner) => owner.tables))
    expect(withPartner.filter((table) => !owned.has(table) && !(table in ACCOUNT_TABLES))).toEqual([])
    expect([...owned, ...Object.keys(ACCOUNT_TABLES)].filter((table) => !tables.includes(table))).toEqual([])
  })

  it('give retention every kind the reset deletes, or say why not', async () => {
    const s = await createTestSandbox()
    for (const owner of s.services.housekeeping.ownersList()) {
      if ('olderThan' in owner) expect(Object.keys(owner.olderThan).length, owner.owner).toBeGreaterThan(0)
      else expect(owner.notAged.length, owner.owner).toBeGreaterThan(0)
    }
  })

  it('refuse an owner added after the list was used', async () => {
    const s = await createTestSandbox()
    s.services.housekeeping.ownersList()
    expect(() => s.services.housekeeping.owners.add({ owner: 'late', tables: [], deleteOfPartner: () => ({}), notAged: 'a test' })).toThrow(/after their first use: late/)
  })
})
