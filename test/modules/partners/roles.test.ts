import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { consoleSession } from '../../http/support/matrix-world.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'
import { errorOf, signUp } from './partner-support.ts'

/**
 * The attack on roles (docs/design.md "Roles"): a user who is no administrator, of partner A's
 * second broker, goes after the first broker's data and the partner-wide controls. Broker A1's
 * records are made by `broker-a`; the second broker and its user come from the account API.
 */
let s: TestSandbox
let attacker: { token: string; console: { cookie: string; csrf: string } }
const victim: Record<string, string> = {}
const VICTIM_NAME = 'Maria Vítima Rendimentos'
const BUSINESS_RULE = '010110'
const VICTIM_URL = 'https://hooks.casacerta.example/first-broker'

beforeAll(async () => {
  s = await createTestSandbox()
  const broker = await s.call('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Porto' } })
  const user = await s.call('POST', '/sandbox/account/users', { body: { brokerId: broker.json.brokerId, name: 'Rui Intruso', email: 'rui@porto.example' } })
  expect([broker.status, user.status, user.json.admin]).toEqual([201, 201, undefined])
  attacker = { token: await s.login(user.json.username, user.json.password), console: await consoleSession(s, user.json.username, user.json.password) }

  expect((await s.call('PUT', `/${PARTNER_A}/callbacks/7`, { body: { callbackUrl: VICTIM_URL } })).status).toBe(201)
  victim.secret = (await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: VICTIM_URL } })).json.additionalData.signingSecret
  victim.requestId = `victim-${randomUUID()}`
  const input = simulationInput({ borrowersSimulator: { keyBorrowerName: VICTIM_NAME, keyBorrowerIncomeWagesPensions: 4321 } })
  const created = await s.call('POST', '/v1/simulations', { body: input, headers: { 'X-Request-Id': victim.requestId, 'X-Sandbox-Scenario': 'bank-message' } })
  expect(created.status).toBe(201)
  victim.simulation = created.json.additionalData.simulationUniqueID
  victim.mail = (await s.call('GET', `/v1/simulations/${victim.simulation}/esis/email?email=maria@vitima.example`)).json.additionalData.emailUniqueID
  victim.notification = (await s.call('GET', '/sandbox/deliveries')).json.deliveryList.find(
    (d: { simulationUniqueId: string }) => d.simulationUniqueId === victim.simulation,
  ).notificationId
  expect((await s.call('GET', '/sandbox/jobs')).json.jobList.map((j: { simulationUniqueId: string }) => j.simulationUniqueId)).toContain(victim.simulation)
})

const asAttacker = (method: string, path: string, body?: unknown) => s.call(method, path, { token: attacker.token, ...(body === undefined ? {} : { body }) })
const consolePage = (method: string, path: string, form: Record<string, string> = {}) =>
  s.request(path, {
    method,
    redirect: 'manual',
    headers: { Cookie: attacker.console.cookie, ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(method === 'POST' ? { body: new URLSearchParams({ ...form, csrf: attacker.console.csrf }).toString() } : {}),
  })
/** Nothing of the first broker in an answer: its borrower, its ids, its secret. */
const expectNothingOfTheVictim = (text: string) => {
  for (const secret of [VICTIM_NAME, victim.simulation!, victim.requestId!, victim.mail!, victim.notification!, victim.secret!]) expect(text).not.toContain(secret)
}

describe('a user of another broker of the partner, who is no administrator', () => {
  it("reads none of the first broker's journal: not in the list, its entry (with the borrower's name and income) not found", async () => {
    // The console's list first: the attacker's own calls below name the victim's request id in their paths.
    expectNothingOfTheVictim(await (await consolePage('GET', '/console/requests')).text())
    const list = await asAttacker('GET', '/sandbox/requests?path=/v1/*')
    expect(list.status).toBe(200)
    expectNothingOfTheVictim(list.text)
    const entry = await asAttacker('GET', `/sandbox/requests/${victim.requestId}`)
    expect([entry.status, errorOf(entry)]).toEqual([404, [['010401', 'requestId']]])
    expect(entry.text).not.toContain(VICTIM_NAME)
    expect((await consolePage('GET', `/console/requests/${victim.requestId}`)).status).toBe(404)
  })

  it('sees none of its deliveries and cannot redeliver one', async () => {
    const list = await asAttacker('GET', '/sandbox/deliveries')
    expect(list.status).toBe(200)
    expectNothingOfTheVictim(list.text)
    const retry = await asAttacker('POST', `/sandbox/deliveries/${victim.notification}/retry`)
    expect([retry.status, errorOf(retry)]).toEqual([404, [['010401', 'notificationId']]])
    expectNothingOfTheVictim(await (await consolePage('GET', '/console/deliveries')).text())
    expect((await consolePage('POST', `/console/deliveries/${victim.notification}/retry`)).status).toBe(404)
  })

  it('cannot download its mailbox PDF', async () => {
    const list = await asAttacker('GET', '/sandbox/mailbox')
    expect(list.status).toBe(200)
    expectNothingOfTheVictim(list.text)
    const pdf = await asAttacker('GET', `/sandbox/mailbox/${victim.mail}/attachment`)
    expect([pdf.status, errorOf(pdf)]).toEqual([404, [['010401', 'messageId']]])
    expect((await consolePage('GET', `/console/mailbox/${victim.mail}/attachments/0`)).status).toBe(404)
  })

  it('sees none of its jobs', async () => {
    const jobs = await asAttacker('GET', '/sandbox/jobs')
    expect([jobs.status, jobs.json.totalRecords]).toEqual([200, 0])
    expectNothingOfTheVictim(jobs.text)
  })

  it("cannot re-point the partner's callback to its own address, nor read the signing secret", async () => {
    const repoint = await asAttacker('PUT', `/${PARTNER_A}/callbacks/7`, { callbackUrl: 'https://attacker.example/steal' })
    expect([repoint.status, errorOf(repoint)]).toEqual([403, [['010504', 'Authorization']]])
    expectNothingOfTheVictim(repoint.text)
    expect((await asAttacker('DELETE', `/${PARTNER_A}/callbacks/7`)).status).toBe(403)
    const secret = await consolePage('GET', '/console/callbacks/6/secret')
    expect(secret.status).toBe(403)
    expectNothingOfTheVictim(await secret.text())
    expect(await (await consolePage('GET', '/console/deliveries')).text()).not.toContain('/secret')
    const configurations = (await s.call('GET', `/${PARTNER_A}/callbacks`)).json.callbackList
    expect(configurations.map((c: { callbackUrl: string }) => c.callbackUrl)).toEqual([VICTIM_URL, VICTIM_URL])
  })

  it("cannot advance the clock, which would run the first broker's jobs", async () => {
    const advance = await asAttacker('POST', '/sandbox/clock/advance', { seconds: 3600 })
    expect([advance.status, errorOf(advance)]).toEqual([403, [['010504', 'Authorization']]])
    expect((await consolePage('POST', '/console/drive/advance', { seconds: '3600' })).status).toBe(403)
    expect((await s.call('GET', '/sandbox/clock')).json.offsetSeconds).toBe(0)
    expect((await s.call('GET', '/sandbox/jobs')).json.jobList[0]).toMatchObject({ simulationUniqueId: victim.simulation, status: 'pending' })
  })

  it("cannot reset: every broker's data stays", async () => {
    const reset = await asAttacker('POST', '/sandbox/reset')
    expect([reset.status, errorOf(reset)]).toEqual([403, [['010504', 'Authorization']]])
    expect((await consolePage('POST', '/console/drive/reset', { confirm: 'yes' })).status).toBe(403)
    expect((await s.call('GET', `/v1/simulations/${victim.simulation}`)).status).toBe(200)
  })

  it('sees the clock, without the controls that would move it or reset the data', async () => {
    const drive = await (await consolePage('GET', '/console/drive')).text()
    expect(drive).toContain('id="clock-now"')
    expect(drive).not.toContain('/console/drive/advance')
    expect(drive).not.toContain('/console/drive/reset')
  })
})

describe('the role of a user', () => {
  it('counts at once, with the token the user already holds: promoted it may reset, demoted it is refused again', async () => {
    const sandbox = await createTestSandbox()
    const user = (await sandbox.call('POST', '/sandbox/account/users', { body: { brokerId: 1001, name: 'Ana Promovida', email: 'ana@casacerta.example' } })).json
    const token = await sandbox.login(user.username, user.password)
    expect((await sandbox.call('POST', '/sandbox/reset', { token })).status).toBe(403)
    const promoted = await sandbox.call('PUT', `/sandbox/account/users/${user.userId}/admin`, { body: { admin: true } })
    expect([promoted.status, promoted.json]).toEqual([200, { userId: user.userId, username: user.username, brokerId: 1001, admin: true }])
    expect((await sandbox.call('POST', '/sandbox/reset', { token })).status).toBe(200)
    expect((await sandbox.call('PUT', `/sandbox/account/users/${user.userId}/admin`, { body: { admin: false } })).status).toBe(200)
    expect((await sandbox.call('POST', '/sandbox/reset', { token })).status).toBe(403)
  })

  it('is given by an administrator only, and an administrator cannot remove its own', async () => {
    const sandbox = await createTestSandbox()
    const self = await sandbox.call('PUT', '/sandbox/account/users/5001/admin', { body: { admin: false } })
    expect([self.status, errorOf(self)]).toEqual([400, [[BUSINESS_RULE, 'admin']]])
    const byUser = await sandbox.call('PUT', '/sandbox/account/users/5002/admin', { token: sandbox.tokens.a2, body: { admin: true } })
    expect([byUser.status, errorOf(byUser)]).toEqual([403, [['010504', 'Authorization']]])
    const otherPartner = await sandbox.call('PUT', '/sandbox/account/users/5002/admin', { token: sandbox.tokens.b, body: { admin: true } })
    expect([otherPartner.status, errorOf(otherPartner)]).toEqual([404, [['010401', 'userId']]])
  })
})

describe("the partner's own records and an administrator's reset", () => {
  it("shows the welcome e-mail of a sign-up to the partner's administrators only", async () => {
    const sandbox = await createTestSandbox()
    const partner = await signUp(sandbox, 'Credito Boas Vindas')
    const user = (
      await sandbox.call('POST', '/sandbox/account/users', { token: partner.token, body: { brokerId: partner.brokerId, name: 'Sem Papel', email: 'sem@papel.example' } })
    ).json
    const mailbox = async (token: string) => (await sandbox.call('GET', '/sandbox/mailbox', { token })).json
    expect((await mailbox(partner.token)).mailList.map((m: { to: string }) => m.to)).toEqual(['dev@credito-boas-vindas.example'])
    expect((await mailbox(await sandbox.login(user.username, user.password))).totalRecords).toBe(0)
  })

  it("lets an administrator read its own broker's records, not another broker's", async () => {
    const sandbox = await createTestSandbox()
    const broker = (await sandbox.call('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Faro' } })).json
    const user = (await sandbox.call('POST', '/sandbox/account/users', { body: { brokerId: broker.brokerId, name: 'Faro', email: 'faro@casacerta.example' } })).json
    const token = await sandbox.login(user.username, user.password)
    const created = await sandbox.call('POST', '/v1/simulations', { token, body: simulationInput(), headers: { 'X-Request-Id': 'faro-create' } })
    const id = created.json.additionalData.simulationUniqueID
    await sandbox.call('GET', `/v1/simulations/${id}/esis/email?email=faro@cliente.example`, { token })
    expect((await sandbox.call('GET', '/sandbox/requests/faro-create')).status).toBe(404)
    expect((await sandbox.call('GET', '/sandbox/mailbox')).text).not.toContain(id)
    expect((await sandbox.call('GET', '/sandbox/deliveries')).text).not.toContain(id)
    expect((await sandbox.call('GET', '/sandbox/requests/faro-create', { token })).status).toBe(200)
  })

  it("deletes every broker's data of the partner when an administrator resets", async () => {
    const sandbox = await createTestSandbox()
    const broker = (await sandbox.call('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Braga' } })).json
    const user = (await sandbox.call('POST', '/sandbox/account/users', { body: { brokerId: broker.brokerId, name: 'Braga', email: 'braga@casacerta.example' } })).json
    const token = await sandbox.login(user.username, user.password)
    const theirs = (await sandbox.call('POST', '/v1/simulations', { token, body: simulationInput() })).json.additionalData.simulationUniqueID
    const mine = (await sandbox.call('POST', '/v1/simulations', { body: simulationInput() })).json.additionalData.simulationUniqueID
    const reset = await sandbox.call('POST', '/sandbox/reset')
    expect([reset.status, reset.json.additionalData.deleted.simulations]).toEqual([200, 2])
    expect((await sandbox.call('GET', `/v1/simulations/${theirs}`, { token })).status).toBe(404)
    expect((await sandbox.call('GET', `/v1/simulations/${mine}`)).status).toBe(404)
    expect((await sandbox.login(user.username, user.password)).length).toBeGreaterThan(20)
  })
})
