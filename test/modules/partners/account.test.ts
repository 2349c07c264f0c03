import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, simulationInput } from '../simulations/simulation-fixtures.ts'
import { errorOf, signUp, type SignedUp } from './partner-support.ts'

let s: TestSandbox
let partner: SignedUp

beforeEach(async () => {
  s = await createTestSandbox()
  partner = await signUp(s, 'Rede Casa')
})

const as = (token: string) => ({ token })

describe('GET /sandbox/account', () => {
  it('shows the partner, its brokers with their users, its quotas, rate limit and retention', async () => {
    const res = await s.call('GET', '/sandbox/account', as(partner.token))
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      partnerUniqueID: partner.partnerUniqueID,
      partnerName: 'Rede Casa',
      status: 'active',
      mode: 'local',
      brokers: [{ brokerId: partner.brokerId, users: [{ userId: partner.userId, username: partner.username, admin: true, status: 'active' }] }],
      quotas: { simulations: { limit: null, used: 0 }, documentBytes: { limit: null, used: 0 } },
      rateLimit: null,
      retention: { days: null },
    })
  })

  it("shows a user who is no administrator its own broker's users only: no e-mail of another broker's user, nor the contact address", async () => {
    const otherBroker = (await s.call('POST', '/sandbox/account/brokers', { token: partner.token, body: { name: 'Rede Casa Braga' } })).json.brokerId as number
    const neighbour = { brokerId: otherBroker, name: 'Nuno Braga', email: 'nuno@redecasa-braga.example' }
    expect((await s.call('POST', '/sandbox/account/users', { token: partner.token, body: neighbour })).status).toBe(201)
    const colleague = { brokerId: partner.brokerId, name: 'Sara Lima', email: 'sara@redecasa.example' }
    const created = (await s.call('POST', '/sandbox/account/users', { token: partner.token, body: colleague })).json
    const token = await s.login(created.username, created.password)

    const res = await s.call('GET', '/sandbox/account', as(token))
    expect(res.status).toBe(200)
    expect(res.json.contactEmail).toBeNull()
    expect(res.json.brokers.flatMap((b: { users: Array<{ email: string }> }) => b.users.map((u) => u.email)).sort()).toEqual(['dev@rede-casa.example', colleague.email])
    expect(res.text).not.toContain(neighbour.email)

    const asAdmin = (await s.call('GET', '/sandbox/account', as(partner.token))).json
    expect(asAdmin.contactEmail).toBe('dev@rede-casa.example')
    expect(JSON.stringify(asAdmin)).toContain(neighbour.email)
  })

  it('counts what the partner stores against its quotas', async () => {
    await createSimulation(s, simulationInput(), partner.token)
    expect((await s.call('GET', '/sandbox/account', as(partner.token))).json.quotas.simulations.used).toBe(1)
  })
})

describe('a partner administrator', () => {
  it("adds a broker and a user of it, who logs in and sees only that broker's simulations", async () => {
    const broker = await s.call('POST', '/sandbox/account/brokers', { token: partner.token, body: { name: 'Rede Casa Porto' } })
    expect(broker.status).toBe(201)
    expect(broker.json).toMatchObject({ partnerUniqueID: partner.partnerUniqueID, name: 'Rede Casa Porto', registrationNumber: expect.stringMatching(/^\d{7}$/) })
    const user = await s.call('POST', '/sandbox/account/users', {
      token: partner.token,
      body: { brokerId: broker.json.brokerId, name: 'Marta Lopes', email: 'marta@redecasa.example' },
    })
    expect(user.status).toBe(201)
    expect(user.json).toMatchObject({ brokerId: broker.json.brokerId, username: expect.stringMatching(/^marta-lopes-/), password: expect.any(String) })
    const token = await s.login(user.json.username, user.json.password)
    const mine = await createSimulation(s, simulationInput(), partner.token)
    expect((await s.call('GET', `/v1/simulations/${mine.id}`, { token })).status).toBe(404)
    const account = (await s.call('GET', '/sandbox/account', { token })).json
    expect(
      account.brokers.map((b: { brokerId: number }) => b.brokerId),
      'a user who is no administrator sees its own broker',
    ).toEqual([broker.json.brokerId])
    const asAdmin = (await s.call('GET', '/sandbox/account', { token: partner.token })).json
    expect(asAdmin.brokers.map((b: { brokerId: number }) => b.brokerId)).toEqual([partner.brokerId, broker.json.brokerId])
  })

  it('resets a password: the old one and every token of the user stop at once', async () => {
    const user = (await s.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: partner.brokerId, name: 'Rui Gomes', email: 'rui@redecasa.example' } }))
      .json
    const token = await s.login(user.username, user.password)
    const reset = await s.call('POST', `/sandbox/account/users/${user.userId}/password`, as(partner.token))
    expect(reset.status).toBe(200)
    expect(reset.json.password).not.toBe(user.password)
    expect((await s.call('GET', '/sandbox/account', as(token))).status).toBe(401)
    expect((await s.call('POST', '/v1/authentication', { token: null, body: { username: user.username, password: user.password } })).status).toBe(401)
    expect(await s.login(user.username, reset.json.password)).toBeTruthy()
  })

  it('revokes every token of a user at once; a new login works', async () => {
    const other = await s.login(partner.username, partner.password)
    const res = await s.call('POST', `/sandbox/account/users/${partner.userId}/revoke-tokens`, as(partner.token))
    expect(res.status).toBe(200)
    for (const token of [partner.token, other]) {
      const after = await s.call('GET', '/v1/simulations', as(token))
      expect(after.status).toBe(401)
      expect(after.json.errors[0].errorMessage).toContain('revogado')
    }
    const fresh = await s.login(partner.username, partner.password)
    expect((await s.call('GET', '/v1/simulations', as(fresh))).status).toBe(200)
  })

  it('deactivates a user: no login, no token; never itself', async () => {
    const user = (await s.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: partner.brokerId, name: 'Ana Reis', email: 'ana@redecasa.example' } }))
      .json
    const token = await s.login(user.username, user.password)
    expect((await s.call('DELETE', `/sandbox/account/users/${user.userId}`, as(partner.token))).status).toBe(200)
    expect((await s.call('GET', '/v1/simulations', as(token))).status).toBe(401)
    expect((await s.call('POST', '/v1/authentication', { token: null, body: { username: user.username, password: user.password } })).status).toBe(401)
    const self = await s.call('DELETE', `/sandbox/account/users/${partner.userId}`, as(partner.token))
    expect([self.status, errorOf(self)]).toEqual([400, [['010110', 'userId']]])
  })
})

describe('what the account refuses', () => {
  it('forbids a user who is not an administrator to manage the account (403)', async () => {
    const user = (await s.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: partner.brokerId, name: 'Sem Poderes', email: 'sp@redecasa.example' } }))
      .json
    const token = await s.login(user.username, user.password)
    const res = await s.call('POST', '/sandbox/account/brokers', { token, body: { name: 'Outra' } })
    expect([res.status, errorOf(res)]).toEqual([403, [['010504', 'Authorization']]])
    expect((await s.call('GET', '/sandbox/account', { token })).status).toBe(200)
  })

  it("answers 404 for another partner's user or broker", async () => {
    const other = await signUp(s, 'Vizinho')
    expect((await s.call('POST', `/sandbox/account/users/${other.userId}/password`, as(partner.token))).status).toBe(404)
    expect((await s.call('POST', `/sandbox/account/users/${other.userId}/revoke-tokens`, as(partner.token))).status).toBe(404)
    const user = await s.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: other.brokerId, name: 'Intruso', email: 'i@x.example' } })
    expect([user.status, errorOf(user)]).toEqual([404, [['010401', 'brokerId']]])
    expect((await s.call('GET', '/v1/simulations', as(other.token))).status).toBe(200)
  })

  it('refuses bad input naming the field', async () => {
    const res = await s.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: 'x', name: '', email: 'nope' } })
    expect(res.status).toBe(400)
    expect(
      errorOf(res)
        .map(([, field]) => field)
        .sort(),
    ).toEqual(['brokerId', 'email', 'name'])
    const broker = await s.call('POST', '/sandbox/account/brokers', { token: partner.token, body: { name: 'X', registrationNumber: '12' } })
    expect(
      errorOf(broker)
        .map(([, field]) => field)
        .sort(),
    ).toEqual(['name', 'registrationNumber'])
  })
})
