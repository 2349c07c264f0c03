import { beforeEach, describe, expect, it } from 'vitest'
import { PARTNER_A, createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import {
  notificationsOf,
  processDetail,
  processPath,
  registerCallbacks,
  runJobsAfter,
  scenarioHeader,
  submittedProcess,
  typesOf,
} from '../../sandbox-scenarios/support/scenario-journeys.ts'
import { simulationInput } from '../../simulations/simulation-fixtures.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
  await registerCallbacks(s, [2, 5, 7, 9])
})

const advance = (seconds: unknown, token?: string) => s.call('POST', '/sandbox/clock/advance', { body: { seconds }, ...(token === undefined ? {} : { token }) })
const clockOf = async (token?: string) => (await s.call('GET', '/sandbox/clock', token === undefined ? {} : { token })).json

/** A process's notifications as a partner compares them: type and data, without ids or times. */
const journeyOf = (sandbox: TestSandbox, processUniqueId: string) =>
  notificationsOf(sandbox, 'process_unique_id', processUniqueId).map((n) => ({
    type: n.type,
    data: Object.fromEntries(Object.entries(n.body.data as object).map(([key, value]) => [key, /UniqueI[dD]$/.test(key) ? typeof value : value])),
  }))

describe('GET /sandbox/clock', () => {
  it("answers the partner's time, the sandbox's until an advance", async () => {
    expect(await clockOf()).toEqual({ now: s.clock.now().toISOString(), offsetSeconds: 0 })
  })
})

describe('POST /sandbox/clock/advance', () => {
  it.each([
    ['a negative number', -5, '010104'],
    ['zero', 0, '010104'],
    ['more than 400 days', 400 * 86_400 + 1, '010104'],
    ['a fraction', 1.5, '010102'],
    ['a string', '35', '010102'],
  ])('refuses %s of seconds with a 400 naming the field', async (_name, seconds, code) => {
    const res = await advance(seconds)
    expect(res.status, res.text).toBe(400)
    expect(res.json.errors).toEqual([expect.objectContaining({ errorCode: code, errorField: 'seconds' })])
    expect((await clockOf()).offsetSeconds).toBe(0)
  })

  it('refuses a body without seconds', async () => {
    const res = await s.call('POST', '/sandbox/clock/advance', { body: {} })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([expect.objectContaining({ errorCode: '010101', errorField: 'seconds' })])
  })

  it('moves the clock forward by up to 400 days, and only forward', async () => {
    const res = await advance(400 * 86_400)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({
      now: new Date(s.clock.now().getTime() + 400 * 86_400_000).toISOString(),
      offsetSeconds: 400 * 86_400,
      advancedSeconds: 400 * 86_400,
      jobsRun: 0,
      deliveryAttempts: 0,
    })
    expect((await advance(60)).json.offsetSeconds).toBe(400 * 86_400 + 60)
  })

  it("dates what the partner does afterwards, and its scenario's steps, on its clock; its token keeps working", async () => {
    await advance(86_400)
    const created = await s.call('POST', '/v1/simulations', { body: simulationInput() })
    expect(created.status, created.text).toBe(201)
    const detail = (await s.call('GET', `/v1/simulations/${created.json.additionalData.simulationUniqueID}`)).json
    expect(detail.simulationDetail.creationDate).toBe(new Date(s.clock.now().getTime() + 86_400_000).toISOString())

    // The steps the job worker runs are dated on the partner's clock too, 5 s and 35 s after Submit: never on the machine's.
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const submittedAt = s.clock.now().getTime() + 86_400_000
    runJobsAfter(s, 5)
    runJobsAfter(s, 30)
    const process = await processDetail(s, id)
    const dateOf = (statusId: number) => process.statusHistory.find((h: { processStatusId: number }) => h.processStatusId === statusId)?.statusDate
    expect([process.processDetail.submissionDate, dateOf(3), dateOf(4), process.processDetail.statusLastDate]).toEqual(
      [submittedAt, submittedAt + 5_000, submittedAt + 35_000, submittedAt + 35_000].map((t) => new Date(t).toISOString()),
    )
  })

  it('answers 409 while another advance of the same partner runs', async () => {
    const first = s.services.testClock.advance(PARTNER_A, 10)
    await expect(s.services.testClock.advance(PARTNER_A, 10)).rejects.toMatchObject({ key: 'CLOCK_ADVANCING' })
    await first
    expect((await advance(10)).status).toBe(200)
  })
})

describe('journeys driven by the clock', () => {
  it('process-approved completes with two advances, with the notifications time passing gives, in the same order', async () => {
    const waited = await createTestSandbox()
    await registerCallbacks(waited, [2, 5, 7, 9])
    const byWaiting = await submittedProcess(waited, { headers: scenarioHeader('process-approved') })
    runJobsAfter(waited, 5)
    runJobsAfter(waited, 30)

    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const submittedAt = s.clock.now().getTime()
    const first = await advance(5)
    expect(first.json).toMatchObject({ jobsRun: 1, offsetSeconds: 5 })
    expect((await processDetail(s, id)).processDetail.processStatusId).toBe(3)
    expect((await advance(30)).json).toMatchObject({ jobsRun: 1, offsetSeconds: 35 })

    const detail = await processDetail(s, id)
    expect(detail.processDetail.processStatusId).toBe(4)
    expect(journeyOf(s, id)).toEqual(journeyOf(waited, byWaiting.processUniqueId))
    expect(typesOf(notificationsOf(s, 'process_unique_id', id)).slice(-4)).toEqual([5, 5, 9, 7])
    // Each step is dated when it fell due on the partner's clock, not when the advance ran it.
    expect(detail.statusHistory.slice(-2).map((h: { statusDate: string }) => h.statusDate)).toEqual([
      new Date(submittedAt + 5_000).toISOString(),
      new Date(submittedAt + 35_000).toISOString(),
    ])
    const occurred = notificationsOf(s, 'process_unique_id', id)
      .slice(-4)
      .map((n) => n.body.occurredAt)
    expect(occurred).toEqual([submittedAt + 5_000, submittedAt + 35_000, submittedAt + 35_000, submittedAt + 35_000].map((t) => new Date(t).toISOString()))
  })

  it('process-contracted completes with one advance of 95 s', async () => {
    const waited = await createTestSandbox()
    await registerCallbacks(waited, [2, 5, 7, 9])
    const byWaiting = await submittedProcess(waited, { headers: scenarioHeader('process-contracted') })
    runJobsAfter(waited, 5)
    runJobsAfter(waited, 30)
    runJobsAfter(waited, 60)

    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-contracted') })
    expect((await advance(95)).json).toMatchObject({ jobsRun: 3 })
    expect((await processDetail(s, id)).processDetail.processStatusId).toBe(6)
    expect(journeyOf(s, id)).toEqual(journeyOf(waited, byWaiting.processUniqueId))
    expect(typesOf(notificationsOf(s, 'process_unique_id', id)).slice(-5)).toEqual([5, 5, 9, 5, 7])
  })

  it('runs only what falls due within the advanced time', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-contracted') })
    expect((await advance(34)).json.jobsRun).toBe(1)
    expect((await processDetail(s, id)).processDetail.processStatusId).toBe(3)
    const jobs = (await s.call('GET', '/sandbox/jobs')).json.jobList
    expect(jobs.filter((j: { status: string }) => j.status === 'pending')).toHaveLength(2)
    expect((await advance(1)).json.jobsRun).toBe(1)
    expect((await processDetail(s, id)).processDetail.processStatusId).toBe(4)
  })

  it("moves nothing of another partner: its pending steps keep their due time and run when the sandbox's time comes", async () => {
    const { processUniqueId: other } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const jobsBefore = (await s.call('GET', '/sandbox/jobs')).json.jobList
    // Partner B advances by a day: partner A's process and clock do not move.
    expect((await advance(86_400, s.tokens.b)).status).toBe(200)
    expect((await clockOf(s.tokens.b)).offsetSeconds).toBe(86_400)
    expect(await clockOf()).toEqual({ now: s.clock.now().toISOString(), offsetSeconds: 0 })
    expect((await processDetail(s, other)).processDetail.processStatusId).toBe(2)
    expect((await s.call('GET', '/sandbox/jobs')).json.jobList).toEqual(jobsBefore)
    expect(runJobsAfter(s, 35)).toBe(2)
    expect((await processDetail(s, other)).processDetail.processStatusId).toBe(4)
  })

  it("shows a partner's pending jobs due on its own clock", async () => {
    await submittedProcess(s, { headers: scenarioHeader('process-contracted') })
    const submittedAt = s.clock.now().getTime()
    await advance(10)
    const pending = (await s.call('GET', '/sandbox/jobs?status=pending')).json.jobList.map((j: { dueAt: string }) => j.dueAt)
    expect(pending.sort()).toEqual([new Date(submittedAt + 35_000).toISOString(), new Date(submittedAt + 95_000).toISOString()])
  })

  it("the sandbox reset brings the partner's clock back to the sandbox's time", async () => {
    await advance(3600)
    const reset = await s.call('POST', '/sandbox/reset')
    expect(reset.json.additionalData.deleted.testClock).toBe(1)
    expect(await clockOf()).toEqual({ now: s.clock.now().toISOString(), offsetSeconds: 0 })
  })

  it('a partner advanced before a restart keeps its clock', async () => {
    await advance(120)
    const restarted = await createTestSandbox({}, { db: s.db })
    expect((await restarted.call('GET', '/sandbox/clock')).json.offsetSeconds).toBe(120)
  })
})
