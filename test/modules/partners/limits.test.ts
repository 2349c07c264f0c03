import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'
import { borrowerIds, draftProcess, PDF, processPath, upload } from '../processes/process-fixtures.ts'
import { createSimulation, simulationInput } from '../simulations/simulation-fixtures.ts'
import { errorOf, signUp } from './partner-support.ts'

const quotas = (limits: Partial<Record<'simulations' | 'processes' | 'documentBytes' | 'callbackConfigurations' | 'scenarios' | 'storageBytes', number>>) => ({
  quotas: { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null, ...limits },
})

describe("a partner's quotas", () => {
  it("refuses a simulation past the quota with 409 (010605) naming it, counts only the partner's own, and frees room on reset", async () => {
    const s = await createTestSandbox(quotas({ simulations: 2 }))
    const partner = await signUp(s, 'Quota Curta')
    await createSimulation(s, simulationInput(), partner.token)
    await createSimulation(s, simulationInput(), partner.token)
    const third = await s.call('POST', '/v1/simulations', { token: partner.token, body: simulationInput() })
    expect([third.status, errorOf(third)]).toEqual([409, [['010605', 'simulations']]])
    expect(third.json.errors[0].errorMessage).toBe('Quota atingida: simulations (no máximo 2).')
    expect((await s.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    await s.call('POST', '/sandbox/reset', { token: partner.token })
    expect((await s.call('POST', '/v1/simulations', { token: partner.token, body: simulationInput() })).status).toBe(201)
  })

  it('refuses a process past the quota', async () => {
    const s = await createTestSandbox(quotas({ processes: 1 }))
    await draftProcess(s)
    const { id } = await createSimulation(s)
    const res = await s.call('POST', '/v1/processes', { body: { simulationUniqueId: id } })
    expect([res.status, errorOf(res)]).toEqual([409, [['010605', 'processes']]])
    expect((await s.call('GET', `/v1/simulations/${id}`)).json.simulationDetail.simulationStatusId).toBe(1)
  })

  it('refuses a document that would pass the bytes quota, and keeps nothing of it', async () => {
    const s = await createTestSandbox(quotas({ documentBytes: PDF.length * 2 }))
    const { processUniqueId } = await draftProcess(s)
    const [keyBorrowerUniqueId] = await borrowerIds(s, processUniqueId)
    const send = () =>
      upload(s, processPath(processUniqueId, '/document'), {
        documentTypeId: '1',
        borrowerUniqueId: keyBorrowerUniqueId!,
        file: { bytes: PDF, name: 'cc.pdf', type: 'application/pdf' },
      })
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    const third = await send()
    expect([third.status, errorOf(third)]).toEqual([409, [['010605', 'documentBytes']]])
    expect((await s.call('GET', '/sandbox/account')).json.quotas.documentBytes).toEqual({ limit: PDF.length * 2, used: PDF.length * 2 })
  })

  it('refuses a callback configuration past the quota; changing an existing one is not a new one', async () => {
    const s = await createTestSandbox({ ...quotas({ callbackConfigurations: 1 }), callbackAllowPrivate: true })
    const put = (type: number, host: string) => s.call('PUT', `/7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60/callbacks/${type}`, { body: { callbackUrl: `https://${host}.example/hooks` } })
    expect((await put(5, 'one')).status).toBe(201)
    expect((await put(5, 'two')).status).toBe(200)
    const second = await put(6, 'three')
    expect([second.status, errorOf(second)]).toEqual([409, [['010605', 'callbackConfigurations']]])
  })
})

// Every request counts as one here, whatever its server time: these tests are about the count.
const counted = { costMs: 60_000, concurrency: null }

describe("a partner's request rate", () => {
  it('answers 429 (010604) with Retry-After past the burst, with the RateLimit headers on every answer; other partners are not held back', async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 1, burst: 3 }, fairShare: counted })
    const partner = await signUp(s, 'Apressado')
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await s.call('GET', '/v1/simulations', { token: partner.token }))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429])
    expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0'])
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('1')
    const refused = answers[3]!
    expect(errorOf(refused)).toEqual([['010604', '']])
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
  })

  it('answers the refusals of a client that ignores Retry-After only after a second, and others at once', async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 1, burst: 1 }, fairShare: counted })
    const flooding = await signUp(s, 'Insistente')
    const other = await signUp(s, 'Paciente')
    const timed = async (token: string) => {
      const start = performance.now()
      const res = await s.call('GET', '/v1/simulations', { token })
      return { status: res.status, ms: performance.now() - start }
    }
    expect((await timed(flooding.token)).status).toBe(200)
    const firstRefusal = await timed(flooding.token)
    expect(firstRefusal.status).toBe(429)
    expect(firstRefusal.ms).toBeLessThan(500)
    const [slowed, meanwhile] = await Promise.all([timed(flooding.token), timed(other.token)])
    expect(slowed.status).toBe(429)
    expect(slowed.ms).toBeGreaterThanOrEqual(950)
    expect(meanwhile.status).toBe(200)
    expect(meanwhile.ms).toBeLessThan(500)
  })
})
