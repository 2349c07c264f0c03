import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isIndividualNif, isValidCitizenCardNumber, isValidNiss } from '../../../../src/domain/identity-numbers.ts'
import { ageFailures } from '../../../../src/domain/mortgage/eligibility.ts'
import type { Borrower } from '../../../../src/domain/mortgage/mortgage-input.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { borrowerPath, draftProcess } from '../../processes/process-fixtures.ts'

// A bucket that does not refill within the test, and a token for every 1 ms of server time.
const COUNTED = { rateLimit: { perSecond: 0.01, burst: 1_000_000 }, fairShare: { costMs: 1, concurrency: null } }

/** A borrower of the engine's input with this birth date: the age rules read nothing else. */
const borrowerOf = (birthDate: string) => ({ birthDate }) as Borrower

describe('GET /sandbox/test-data/borrowers', () => {
  let s: TestSandbox
  beforeAll(async () => {
    s = await createTestSandbox(COUNTED)
  })
  afterAll(() => s.db.close())

  it('answers 1,000 distinct borrowers whose NIF, NISS and citizen card number are valid by their algorithms', async () => {
    const res = await s.call('GET', '/sandbox/test-data/borrowers?count=1000')
    expect(res.status).toBe(200)
    const people = res.json.borrowers.map((b: any) => b.personalDataBorrowerRequest)
    expect(people).toHaveLength(1000)
    for (const field of ['taxId', 'socialSecurityNumber', 'identificationDocumentNumber']) expect(new Set(people.map((p: any) => p[field])).size, field).toBe(1000)
    const invalid = people.filter(
      (p: any) =>
        !isIndividualNif(p.taxId) ||
        !/^[123]/.test(p.taxId) ||
        !isValidNiss(p.socialSecurityNumber) ||
        !/^\d{8}$/.test(p.identificationDocumentNumber) ||
        !/^\d[A-Z]{2}\d$/.test(p.checkDigit) ||
        !isValidCitizenCardNumber(p.identificationDocumentNumber, p.checkDigit) ||
        p.name.trim().split(' ').length < 2,
    )
    expect(invalid).toEqual([])
  })

  it('answers a borrower that Borrower Create accepts as it is (201)', async () => {
    const { processUniqueId } = await draftProcess(s)
    const { borrowers } = (await s.call('GET', '/sandbox/test-data/borrowers')).json
    expect(borrowers).toHaveLength(1)
    const created = await s.call('POST', borrowerPath(processUniqueId), { body: borrowers[0] })
    expect([created.status, created.text]).toEqual([201, expect.any(String)])
  })

  it('answers the same borrowers again for the same seed, and others for another', async () => {
    const ask = async (seed: number) => (await s.call('GET', `/sandbox/test-data/borrowers?count=3&seed=${seed}`)).json
    const first = await ask(7)
    expect(first.seed).toBe(7)
    expect(await ask(7)).toEqual(first)
    expect((await ask(8)).borrowers).not.toEqual(first.borrowers)
  })

  it("answers 200 borrowers for a 480-month loan that all pass Submit's age rules, by default and when asked", async () => {
    const today = s.clock.now().toISOString().slice(0, 10)
    for (const query of ['count=200&loanDurationMonths=480', 'count=200']) {
      const res = await s.call('GET', `/sandbox/test-data/borrowers?${query}`)
      expect(res.status, res.text).toBe(200)
      const refused = res.json.borrowers
        .map((b: any) => ({
          birthDate: b.personalDataBorrowerRequest.birthDate,
          failures: ageFailures({ borrowers: [borrowerOf(b.personalDataBorrowerRequest.birthDate)], asOf: today, durationMonths: 480 }),
        }))
        .filter((b: any) => b.failures.length > 0)
      expect(refused, query).toEqual([])
    }
  })

  it('answers older borrowers for a shorter loan, each still within 75 at its end', async () => {
    const today = s.clock.now().toISOString().slice(0, 10)
    const res = await s.call('GET', '/sandbox/test-data/borrowers?count=200&loanDurationMonths=120')
    const births: string[] = res.json.borrowers.map((b: any) => b.personalDataBorrowerRequest.birthDate)
    expect(births.filter((birthDate) => ageFailures({ borrowers: [borrowerOf(birthDate)], asOf: today, durationMonths: 120 }).length > 0)).toEqual([])
    // A 480-month loan would refuse most of them: they are not all as young as the longest term needs.
    expect(births.filter((birthDate) => ageFailures({ borrowers: [borrowerOf(birthDate)], asOf: today, durationMonths: 480 }).length > 0).length).toBeGreaterThan(100)
  })

  it.each([['11'], ['481'], ['ten'], ['12.5']])('refuses loanDurationMonths=%s with 400 naming loanDurationMonths', async (months) => {
    const res = await s.call('GET', `/sandbox/test-data/borrowers?loanDurationMonths=${months}`)
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e: any) => e.errorField)).toContain('loanDurationMonths')
  })

  it.each([['0'], ['1001'], ['two'], ['1.5']])('refuses count=%s with 400 naming count', async (count) => {
    const res = await s.call('GET', `/sandbox/test-data/borrowers?count=${count}`)
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e: any) => e.errorField)).toContain('count')
  })

  it('charges its server time to the partner: 1,000 borrowers cost more than one token', async () => {
    const remaining = async (path: string) => Number((await s.call('GET', path)).headers.get('ratelimit-remaining'))
    const before = await remaining('/sandbox/clock')
    await s.call('GET', '/sandbox/test-data/borrowers?count=1000')
    expect(before - (await remaining('/sandbox/clock'))).toBeGreaterThan(2)
  })

  it('stores nothing: the account counts the same usage before and after', async () => {
    // The account's quotas, but the journal's bytes: every request, this one too, adds its entry.
    const usage = async () => {
      const { quotas } = (await s.call('GET', '/sandbox/account')).json
      const { journalBytes: _journal, ...stored } = quotas.storageBytes.byKind
      return {
        simulations: quotas.simulations.used,
        processes: quotas.processes.used,
        callbackConfigurations: quotas.callbackConfigurations.used,
        documentBytes: quotas.documentBytes.used,
        scenarios: quotas.scenarios.used,
        stored,
      }
    }
    const before = await usage()
    expect(before.stored).toMatchObject({ documentBytes: expect.any(Number), mailBytes: expect.any(Number) })
    await s.call('GET', '/sandbox/test-data/borrowers?count=50')
    expect(await usage()).toEqual(before)
  })

  it('refuses a caller without a token (401)', async () => {
    expect((await s.call('GET', '/sandbox/test-data/borrowers', { token: null })).status).toBe(401)
  })
})
