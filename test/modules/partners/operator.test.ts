import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, simulationInput } from '../simulations/simulation-fixtures.ts'
import { asOperator, errorOf, OPERATOR_TOKEN, signUp } from './partner-support.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN })
})

describe('the operator API', () => {
  it('refuses a missing or wrong operator token (401, 010509), and a partner token', async () => {
    for (const token of [null, 'not-the-operator-token', s.tokens.a]) {
      const res = await asOperator(s, 'GET', '/sandbox/operator/partners', { token })
      expect([res.status, errorOf(res)], String(token)).toEqual([401, [['010509', 'Authorization']]])
    }
  })

  it('is off (403) on a sandbox without an operator token', async () => {
    const off = await createTestSandbox()
    const res = await asOperator(off, 'GET', '/sandbox/operator/partners')
    expect([res.status, errorOf(res)]).toEqual([403, [['010504', 'Authorization']]])
  })

  it('lists the partners with their status, users and what they store', async () => {
    const partner = await signUp(s, 'Listado')
    await createSimulation(s, simulationInput(), partner.token)
    const list = (await asOperator(s, 'GET', '/sandbox/operator/partners')).json.partnerList
    expect(list.find((p: { partnerUniqueID: string }) => p.partnerUniqueID === partner.partnerUniqueID)).toMatchObject({
      name: 'Listado',
      origin: 'signup',
      status: 'active',
      users: 1,
      usage: { simulations: 1, processes: 0, documentBytes: 0, callbackConfigurations: 0 },
    })
    expect(list.filter((p: { origin: string }) => p.origin === 'seed')).toHaveLength(2)
  })

  it('creates a partner as sign-up does, whatever the sign-up setting', async () => {
    const closed = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, signup: 'off' })
    const res = await asOperator(closed, 'POST', '/sandbox/operator/partners', { body: { partnerName: 'Pela Porta', contactEmail: 'p@porta.example' } })
    expect(res.status).toBe(201)
    expect(await closed.login(res.json.username, res.json.password)).toBeTruthy()
  })

  it('suspends a partner: its tokens stop at once (010508, with the reason), logins too; resuming restores them', async () => {
    const partner = await signUp(s, 'Suspenso')
    const suspended = await asOperator(s, 'POST', `/sandbox/operator/partners/${partner.partnerUniqueID}/suspend`, { body: { reason: 'Falta o contrato assinado' } })
    expect(suspended.json).toMatchObject({ status: 'suspended', statusReason: 'Falta o contrato assinado' })
    const refused = await s.call('GET', '/v1/simulations', { token: partner.token })
    expect([refused.status, errorOf(refused)]).toEqual([401, [['010508', 'Authorization']]])
    expect(refused.json.errors[0].errorMessage).toContain('Falta o contrato assinado')
    const login = await s.call('POST', '/v1/authentication', { token: null, body: { username: partner.username, password: partner.password } })
    expect([login.status, errorOf(login)]).toEqual([401, [['010508', 'username']]])
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)

    expect((await asOperator(s, 'POST', `/sandbox/operator/partners/${partner.partnerUniqueID}/resume`)).json.status).toBe('active')
    expect((await s.call('GET', '/v1/simulations', { token: partner.token })).status).toBe(200)
  })

  it('deletes a partner with all its data; other partners keep theirs', async () => {
    const partner = await signUp(s, 'Apagado')
    const { id } = await createSimulation(s, simulationInput(), partner.token)
    const mine = await createSimulation(s)
    const res = await asOperator(s, 'DELETE', `/sandbox/operator/partners/${partner.partnerUniqueID}`)
    expect(res.status).toBe(200)
    expect(res.json.deleted).toMatchObject({ simulations: 1, mailboxMessages: 1 })
    expect((await s.call('GET', '/v1/simulations', { token: partner.token })).status).toBe(401)
    expect((await s.call('POST', '/v1/authentication', { token: null, body: { username: partner.username, password: partner.password } })).status).toBe(401)
    expect(s.db.prepare('SELECT COUNT(*) FROM simulation WHERE simulation_unique_id = ?').pluck().get(id)).toBe(0)
    expect(s.db.prepare('SELECT COUNT(*) FROM partner WHERE partner_unique_id = ?').pluck().get(partner.partnerUniqueID)).toBe(0)
    expect((await s.call('GET', `/v1/simulations/${mine.id}`)).status).toBe(200)
  })

  it('answers 404 for an unknown partner and 400 naming a malformed id', async () => {
    const unknown = await asOperator(s, 'POST', '/sandbox/operator/partners/00000000-0000-4000-8000-000000000000/suspend', { body: {} })
    expect([unknown.status, errorOf(unknown)]).toEqual([404, [['010401', 'partnerUniqueID']]])
    const malformed = await asOperator(s, 'DELETE', '/sandbox/operator/partners/not-an-id')
    expect([malformed.status, errorOf(malformed)]).toEqual([400, [['010103', 'partnerUniqueID']]])
  })
})
