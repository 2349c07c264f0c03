import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { reset } from '../../../src/modules/housekeeping/housekeeping.routes.ts'
import { ACCOUNT_TABLES } from '../../../src/modules/housekeeping/partner-data.ts'
import { RESET_DELETES, RESET_KEEPS, RESET_SUMMARY } from '../../../src/modules/housekeeping/reset-text.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const pageRow = () =>
  readFileSync(new URL('../../../docs/sandbox-api.md', import.meta.url), 'utf8')
    .split('\n')
    .find((line) => line.startsWith("| `POST /sandbox/reset` | an administrator's")) ?? ''

describe('what the reset says it deletes and keeps', () => {
  it("names every table an owner of a partner's data declares, and no other", () => {
    const owned = s.services.housekeeping.ownersList().flatMap((owner) => owner.tables)
    expect(owned.filter((table) => !(table in RESET_DELETES))).toEqual([])
    expect(Object.keys(RESET_DELETES).filter((table) => !owned.includes(table))).toEqual([])
  })

  it('names every account table as kept', () => {
    expect(Object.keys(RESET_KEEPS).sort()).toEqual(Object.keys(ACCOUNT_TABLES).sort())
  })

  it('says it all in the OpenAPI description of POST /sandbox/reset and in its row of docs/sandbox-api.md', () => {
    // The route's description is the document's (the OpenAPI document test holds the document to the routes).
    const description = reset.description ?? ''
    const row = pageRow()
    for (const phrase of [...Object.values(RESET_DELETES), ...Object.values(RESET_KEEPS)]) {
      expect(description, phrase).toContain(phrase)
      expect(row, phrase).toContain(phrase)
    }
    expect(row).toContain(RESET_SUMMARY)
  })
})
