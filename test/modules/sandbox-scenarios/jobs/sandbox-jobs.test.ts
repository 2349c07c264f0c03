import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { runJobsAfter, scenarioHeader, submittedProcess } from '../support/scenario-journeys.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const jobs = async (query = '', token?: string) => {
  const res = await s.call('GET', `/sandbox/jobs${query}`, token ? { token } : {})
  expect(res.status, res.text).toBe(200)
  return res.json
}

describe('GET /sandbox/jobs', () => {
  it("lists the partner's pending and finished scenario jobs, newest first, with when each is due and what came of it", async () => {
    const submittedAt = s.clock.now().getTime()
    const { processUniqueId } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const pending = await jobs()
    expect(pending.totalRecords).toBe(2)
    expect(pending.jobList[1]).toEqual({
      jobId: expect.any(Number),
      kind: 'process-status',
      scenario: 'process-approved',
      status: 'pending',
      simulationUniqueId: null,
      processUniqueId,
      dueAt: new Date(submittedAt + 5000).toISOString(),
      createdAt: expect.any(String),
      finishedAt: null,
      outcome: null,
      payload: { processUniqueId, brokerId: 1001, step: 1, status: 'IN_ANALYSIS' },
    })
    expect(pending.jobList[0]).toMatchObject({ dueAt: new Date(submittedAt + 35_000).toISOString(), payload: { step: 2, status: 'APPROVED', messageText: expect.any(String) } })

    runJobsAfter(s, 5)
    expect((await jobs('?status=done')).jobList).toEqual([
      expect.objectContaining({ status: 'done', finishedAt: expect.any(String), outcome: expect.stringContaining('to In analysis') }),
    ])
    expect((await jobs('?status=pending')).totalRecords).toBe(1)
    expect((await s.call('GET', '/sandbox/jobs?status=lost')).status).toBe(400)
  })

  it('pages with jobId cursors and shows another partner nothing', async () => {
    await submittedProcess(s, { headers: scenarioHeader('process-contracted') })
    const first = await jobs('?lineCount=2')
    expect(first.jobList.map((j: any) => j.payload.step)).toEqual([3, 2])
    expect(first.hasMoreResults).toBe(true)
    const next = await jobs(`?lineCount=2&nextRecord=${first.jobList[1].jobId}`)
    expect(next.jobList.map((j: any) => j.payload.step)).toEqual([1])
    expect(await jobs('', s.tokens.b)).toEqual({ totalRecords: 0, hasMoreResults: false, jobList: [] })
  })
})
