import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../../support/test-app.ts'
import { runJobsAfter, scenarioHeader, submittedProcess } from '../../sandbox-scenarios/support/scenario-journeys.ts'
import { simulationInput } from '../../simulations/simulation-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const advance = (seconds: number) => s.call('POST', '/sandbox/clock/advance', { body: { seconds } })
const returnToRealTime = (token?: string) => s.call('POST', '/sandbox/clock/return', token === undefined ? {} : { token })
const clockOf = async (token?: string) => (await s.call('GET', '/sandbox/clock', token === undefined ? {} : { token })).json
const pendingDueTimes = async () => ((await s.call('GET', '/sandbox/jobs?status=pending')).json.jobList as Array<{ dueAt: string }>).map((j) => Date.parse(j.dueAt)).sort()

describe('POST /sandbox/clock/return', () => {
  it('brings a clock a day ahead back to the real time, keeping every record and the journal with the dates they were written with', async () => {
    expect((await advance(86_400)).status).toBe(200)
    const created = await s.call('POST', '/v1/simulations', { body: simulationInput() })
    expect(created.status, created.text).toBe(201)
    const id = created.json.additionalData.simulationUniqueID
    const before = (await s.call('GET', `/v1/simulations/${id}`)).json.simulationDetail.creationDate
    expect(Date.parse(before) - s.clock.now().getTime()).toBe(86_400_000)
    const journalBefore = (await s.call('GET', '/sandbox/requests')).json.totalRecords

    const res = await returnToRealTime()
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ now: s.clock.now().toISOString(), offsetSeconds: 0, returnedSeconds: 86_400 })
    expect(await clockOf()).toEqual({ now: s.clock.now().toISOString(), offsetSeconds: 0 })

    expect((await s.call('GET', `/v1/simulations/${id}`)).json.simulationDetail.creationDate).toBe(before)
    expect((await s.call('GET', '/sandbox/requests')).json.totalRecords).toBeGreaterThan(journalBefore)
  })

  it("leaves what is scheduled its distance from now: a step due 5 s after the partner's now is due 5 real seconds later", async () => {
    await advance(3600)
    await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const partnerNow = Date.parse((await clockOf()).now)
    const aheadDue = await pendingDueTimes()
    expect(aheadDue.map((at) => at - partnerNow)).toEqual([5_000, 35_000])

    expect((await returnToRealTime()).json.returnedSeconds).toBe(3600)
    const realNow = s.clock.now().getTime()
    expect((await pendingDueTimes()).map((at) => at - realNow)).toEqual([5_000, 35_000])
    expect(runJobsAfter(s, 4)).toBe(0)
    expect(runJobsAfter(s, 1)).toBe(1)
  })

  it("is harmless on a clock that is not ahead, counts against no quota, and moves no other partner's clock", async () => {
    expect((await s.call('POST', '/sandbox/clock/advance', { body: { seconds: 60 }, token: s.tokens.b })).status).toBe(200)
    // It stores nothing, so it counts against no quota: the partner's usage moves by its own journal
    // entry only (every request has one). The journal is written in batches, so both reads flush it.
    const usage = () => {
      s.services.journal.flush()
      return s.db.prepare('SELECT * FROM partner_usage WHERE partner_unique_id = ?').get(PARTNER_A) as Record<string, unknown>
    }
    const before = usage()
    const res = await returnToRealTime()
    expect(res.status).toBe(200)
    expect(res.json.returnedSeconds).toBe(0)
    const after = usage()
    expect(after).toEqual({ ...before, journal_entries: (before.journal_entries as number) + 1, journal_bytes: after.journal_bytes })
    expect(after.journal_bytes).toBeGreaterThan(before.journal_bytes as number)
    expect((await clockOf(s.tokens.b)).offsetSeconds).toBe(60)
  })

  it('refuses with 409 (010608) while an advance of the partner runs', async () => {
    const advancing = s.services.testClock.advance(PARTNER_A, 10)
    expect(() => s.services.testClock.returnToRealTime(PARTNER_A)).toThrow(expect.objectContaining({ key: 'CLOCK_ADVANCING' }))
    await advancing
    expect(s.services.testClock.returnToRealTime(PARTNER_A).returnedSeconds).toBe(10)
  })

  it('needs an administrator of the partner (403 for another user), and is recorded in the audit trail', async () => {
    const refused = await returnToRealTime(s.tokens.a2)
    expect(refused.status).toBe(403)
    const audit = (await s.call('GET', '/sandbox/account/audit')).json
    expect(JSON.stringify(audit)).toContain('/sandbox/clock/return')
  })
})

describe("the return's cost in the partner's fair share", () => {
  it('is charged like every partner request: each return takes from the bucket', async () => {
    const limited = await createTestSandbox({ rateLimit: { perSecond: 0.01, burst: 5 } }, { db: s.db })
    const first = await limited.call('POST', '/sandbox/clock/return')
    const second = await limited.call('POST', '/sandbox/clock/return')
    expect([first.status, second.status]).toEqual([200, 200])
    expect(Number(second.headers.get('ratelimit-remaining'))).toBeLessThan(Number(first.headers.get('ratelimit-remaining')))
  })
})
