import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { testConfig } from '../../../src/platform/config.ts'
import { borrowerIds, completeProcess, draftProcess, PDF, processPath, upload } from '../../modules/processes/process-fixtures.ts'
import { simulationInput } from '../../modules/simulations/simulation-fixtures.ts'

export const OPERATOR_TOKEN = 'operator-token-of-the-matrix-0123456789abcdef'
/** What only broker A1's records hold: none may reach a caller of another broker or partner. */
export const MARKER_NAME = 'Anabela Marcadora'
export const MARKER_EMAIL = 'anabela@marcadora.example'

/**
 * The callers of the matrix: partner A's administrator of broker A1 (`broker-a`), a user of A1 who
 * is no administrator, a user of the partner's second broker A2 (both made through the account
 * API), partner B's administrator (`broker-b`), no token, and the operator.
 */
export type CallerName = 'admin' | 'user' | 'otherBroker' | 'otherPartner' | 'noToken' | 'operator'
export const CALLERS: readonly CallerName[] = ['admin', 'user', 'otherBroker', 'otherPartner', 'noToken', 'operator']

export interface Caller {
  name: CallerName
  /** The bearer token (the operator's for the operator), null without one. */
  bearer: string | null
  /** The console's session cookie and CSRF token, for a partner's user. */
  console?: { cookie: string; csrf: string }
}

export interface World {
  s: TestSandbox
  callers: Record<CallerName, Caller>
  brokerA2: number
}

/** A console session of a user: its cookie, and the CSRF token its forms carry. */
export async function consoleSession(s: TestSandbox, username: string, password: string) {
  const login = await s.request('/console/login', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  })
  const cookie = /sandbox_console=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0]
  if (login.status !== 303 || !cookie) throw new Error(`console login of ${username}: ${login.status}`)
  const page = await (await s.request('/console/drive', { headers: { Cookie: cookie } })).text()
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1]
  if (!csrf) throw new Error(`no CSRF token on the console of ${username}`)
  return { cookie, csrf }
}

let addresses = 0
/** A client address no call of the matrix has used yet. */
export const nextAddress = () => {
  addresses += 1
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`
}

/** The sandbox of the matrix and its callers; the second broker and the users who are no administrators come from the account API. */
export async function createWorld(): Promise<World> {
  // Behind a trusted proxy: each call of the matrix names its own client address (nextAddress), so no
  // throttle by address (failed operator tokens, logins) answers in place of the rule under test.
  // The matrix calls A1 hundreds of times a second: past the journal's allowance (200 a second) a
  // request is counted, not journaled, and the journal's routes would answer 404 for its marker.
  const journal = testConfig().journal
  const s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, trustProxy: true, journal: { ...journal, maxPerSecond: 100_000 } })
  const admin = s.tokens.a
  const broker = await s.call('POST', '/sandbox/account/brokers', { token: admin, body: { name: 'Casa Certa Porto' } })
  expect(broker.status, broker.text).toBe(201)
  const addUser = async (brokerId: number, name: string) => {
    const res = await s.call('POST', '/sandbox/account/users', { token: admin, body: { brokerId, name, email: `${randomUUID()}@casacerta.example` } })
    expect(res.status, res.text).toBe(201)
    return res.json as { username: string; password: string }
  }
  const user = await addUser(1001, 'Utilizador Sem Papel')
  const other = await addUser(broker.json.brokerId, 'Utilizador Do Porto')
  const session = (username: string, password: string) => consoleSession(s, username, password)
  const callers: Record<CallerName, Caller> = {
    admin: { name: 'admin', bearer: admin, console: await session('broker-a', 'sandbox') },
    user: { name: 'user', bearer: await s.login(user.username, user.password), console: await session(user.username, user.password) },
    otherBroker: { name: 'otherBroker', bearer: await s.login(other.username, other.password), console: await session(other.username, other.password) },
    otherPartner: { name: 'otherPartner', bearer: s.tokens.b, console: await session('broker-b', 'sandbox') },
    noToken: { name: 'noToken', bearer: null },
    operator: { name: 'operator', bearer: OPERATOR_TOKEN },
  }
  return { s, callers, brokerA2: broker.json.brokerId as number }
}

/**
 * Broker A1's records, made through the API by its administrator when a route first needs them:
 * each test of the matrix has its own, so no test depends on what another left (a reset deletes
 * them all).
 */
export class Records {
  private readonly made = new Map<string, Promise<unknown>>()
  /** Every id made, for the check that none reaches another broker's or partner's caller. */
  readonly ids = new Set<string>()

  constructor(private readonly s: TestSandbox) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let made = this.made.get(key) as Promise<T> | undefined
    if (!made) this.made.set(key, (made = make()))
    return made
  }

  private keep<T extends string>(id: T): T {
    this.ids.add(id)
    return id
  }

  private async ok(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.s.call(method, path, { ...(body === undefined ? {} : { body }), headers })
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
    return res
  }

  /** A Simulated simulation of A1 whose key borrower is the marker. */
  async newSimulation(headers: Record<string, string> = {}): Promise<string> {
    const res = await this.ok('POST', '/v1/simulations', simulationInput({ borrowersSimulator: { keyBorrowerName: MARKER_NAME } }), headers)
    return this.keep(res.json.additionalData.simulationUniqueID as string)
  }

  simulation = () => this.once('simulation', () => this.newSimulation())

  /** One of partner A's own scenarios (partner-wide: its other broker sees it, so its name is no secret of A1's). */
  async newScenario(): Promise<string> {
    const name = `matrix-${randomUUID().slice(0, 8)}`
    await this.ok('PUT', `/sandbox/scenarios/${name}`, { description: { 'pt-PT': 'Matriz', en: 'Matrix' }, effects: [{ type: 'latency', ms: 1 }] })
    return name
  }

  scenario = () => this.once('scenario', () => this.newScenario())

  /** A Draft process of A1, its simulation's key borrower the marker. */
  async newProcess(): Promise<string> {
    const { processUniqueId, simulationUniqueId } = await draftProcess(this.s, undefined, simulationInput({ borrowersSimulator: { keyBorrowerName: MARKER_NAME } }))
    this.keep(simulationUniqueId)
    return this.keep(processUniqueId)
  }

  process = () => this.once('process', () => this.newProcess())

  /** A Draft process complete enough to be submitted. */
  async newCompleteProcess(): Promise<string> {
    const id = await this.newProcess()
    await completeProcess(this.s, id)
    return id
  }

  /** The second borrower of a new process, which Borrower Delete may remove. */
  async newCoBorrower(): Promise<{ processUniqueId: string; borrowerUniqueId: string }> {
    const processUniqueId = await this.newProcess()
    return { processUniqueId, borrowerUniqueId: this.keep((await borrowerIds(this.s, processUniqueId))[1]!) }
  }

  /** A process with its key borrower alone, which Borrower Create may complete. */
  async newSingleBorrowerProcess(): Promise<string> {
    const { processUniqueId, borrowerUniqueId } = await this.newCoBorrower()
    await this.ok('DELETE', processPath(processUniqueId, `/borrower/${borrowerUniqueId}`))
    return processUniqueId
  }

  borrower = () => this.once('borrower', async () => this.keep((await borrowerIds(this.s, await this.process()))[0]!))

  async newDocument(processUniqueId?: string): Promise<{ processUniqueId: string; documentUniqueId: string }> {
    const process = processUniqueId ?? (await this.process())
    const res = await upload(this.s, processPath(process, '/document'), { documentTypeId: 21, file: { bytes: PDF, name: 'caderneta.pdf' } })
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`)
    return { processUniqueId: process, documentUniqueId: this.keep(res.json.additionalData.documentUniqueID as string) }
  }

  document = () => this.once('document', async () => (await this.newDocument()).documentUniqueId)

  property = () =>
    this.once('property', async () => this.keep((await this.ok('GET', processPath(await this.process(), '/property'))).json.propertyList[0].propertyUniqueId as string))

  /** A request of A1 in the journal, its body naming the marker. */
  requestId = () =>
    this.once('request', async () => {
      const requestId = this.keep(`matrix-${randomUUID()}`)
      await this.ok('POST', '/v1/simulations/validate', simulationInput({ borrowersSimulator: { keyBorrowerName: MARKER_NAME } }), { 'X-Request-Id': requestId })
      return requestId
    })

  /** The notification of A1's simulation (type 6), delivered to a configured address. */
  notificationId = () =>
    this.once('notification', async () => {
      await this.callbackConfiguration(6)
      const simulation = await this.newSimulation()
      const row = this.s.db.prepare('SELECT notification_id FROM notification WHERE simulation_unique_id = ?').pluck().get(simulation) as string
      return this.keep(row)
    })

  /** A's configuration of a notification type (partner-wide). */
  callbackConfiguration = (type: number) => this.once(`callback-${type}`, () => this.newCallbackConfiguration(type))

  async newCallbackConfiguration(type: number): Promise<void> {
    await this.ok('PUT', `/${PARTNER_A}/callbacks/${type}`, { callbackUrl: `https://hooks.casacerta.example/matrix/${type}` })
  }

  /** The ESIS e-mail of A1's simulation, to the marker's address. */
  mailId = () =>
    this.once('mail', async () => {
      const res = await this.ok('GET', `/v1/simulations/${await this.simulation()}/esis/email?email=${MARKER_EMAIL}`)
      return this.keep(res.json.additionalData.emailUniqueID as string)
    })

  /** A scenario job of A1 (the bank's message on a simulation, pending). */
  job = () => this.once('job', () => this.newSimulation({ 'X-Sandbox-Scenario': 'bank-message' }))

  /** A finished certification run of partner A. */
  runId = () =>
    this.once('run', async () => {
      const res = await this.ok('POST', '/sandbox/certification/runs', { checks: ['client-sends-accept-language'] })
      await this.s.services.certification.idle()
      return this.keep(res.json.runId as string)
    })

  /** A user of partner A that an account change may act on without touching the callers. */
  async newUser(): Promise<string> {
    const res = await this.ok('POST', '/sandbox/account/users', { brokerId: 1001, name: 'Utilizador Descartável', email: `${randomUUID()}@casacerta.example` })
    return String(res.json.userId)
  }

  user = () => this.once('user', () => this.newUser())

  /** A partner of the operator's, which suspension or deletion may act on. */
  async newPartner(): Promise<string> {
    const res = await this.s.call('POST', '/sandbox/operator/partners', {
      token: null,
      headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` },
      body: { partnerName: `Parceiro ${randomUUID().slice(0, 8)}`, contactEmail: 'dev@descartavel.example' },
    })
    if (res.status !== 201) throw new Error(`operator partner: ${res.status} ${res.text}`)
    return res.json.partnerUniqueID as string
  }

  partner = () => this.once('partner', () => this.newPartner())
}
