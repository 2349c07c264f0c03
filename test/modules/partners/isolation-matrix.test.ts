import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { draftProcess, PDF, processPath, upload } from '../processes/process-fixtures.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'
import { signUp, type SignedUp } from './partner-support.ts'

/**
 * Two partners signed up on one sandbox; A runs a journey, then B calls EVERY operation of the
 * OpenAPI document that names a resource, with A's ids: none may answer A's data or change it.
 */
let s: TestSandbox
let a: SignedUp
let b: SignedUp
const ids: Record<string, string> = {}
/** Words only A's data holds: none may appear in an answer to B. */
const MARKERS = ['Anabela Marcadora', 'Mensagem secreta de A', 'a-partner.example']

async function snapshotOfA() {
  const get = async (path: string) => (await s.call('GET', path, { token: a.token })).json
  return {
    simulation: await get(`/v1/simulations/${ids.simulationUniqueId}`),
    process: await get(`/v1/processes/${ids.processUniqueId}`),
    messages: await get(`/v1/processes/${ids.processUniqueId}/message`),
    callbacks: await get(`/${a.partnerUniqueID}/callbacks`),
    mailbox: await get('/sandbox/mailbox'),
    deliveries: (await get('/sandbox/deliveries')).totalRecords,
    jobs: await get('/sandbox/jobs'),
    mailRecipients: await get('/sandbox/account/mail-recipients'),
  }
}
let before: Awaited<ReturnType<typeof snapshotOfA>>

beforeAll(async () => {
  s = await createTestSandbox()
  a = await signUp(s, 'Parceiro A')
  b = await signUp(s, 'Parceiro B')
  expect((await s.call('PUT', `/${a.partnerUniqueID}/callbacks/5`, { token: a.token, body: { callbackUrl: 'https://hooks.a-partner.example/mortgage' } })).status).toBe(201)
  const input = simulationInput({ borrowersSimulator: { keyBorrowerName: 'Anabela Marcadora' } })
  const process = await draftProcess(s, a.token, input)
  ids.processUniqueId = process.processUniqueId
  ids.simulationUniqueId = process.simulationUniqueId
  ids.borrowerUniqueId = (await s.call('GET', processPath(process.processUniqueId, '/borrower'), { token: a.token })).json.borrowerList[0].borrowerUniqueID
  const document = await upload(
    s,
    processPath(process.processUniqueId, '/document'),
    { documentTypeId: 1, borrowerUniqueId: ids.borrowerUniqueId, file: { bytes: PDF, name: 'cc.pdf' } },
    { token: a.token },
  )
  ids.documentUniqueId = document.json.additionalData.documentUniqueID
  ids.propertyUniqueId = (await s.call('GET', processPath(process.processUniqueId, '/property'), { token: a.token })).json.propertyList[0].propertyUniqueId
  await s.call('POST', processPath(process.processUniqueId, '/message'), {
    token: a.token,
    body: { messageText: 'Mensagem secreta de A' },
    headers: { 'X-Request-Id': 'a-secret-message' },
  })
  ids.requestId = 'a-secret-message'
  const mail = await s.call('GET', `/v1/simulations/${ids.simulationUniqueId}/esis/email?email=anabela@a-partner.example`, { token: a.token })
  ids.messageId = mail.status === 200 ? mail.json.additionalData.emailUniqueID : (await s.call('GET', '/sandbox/mailbox', { token: a.token })).json.mailList[0].messageId
  ids.notificationId = (await s.call('GET', '/sandbox/deliveries', { token: a.token })).json.deliveryList[0].notificationId
  ids.partnerUniqueID = a.partnerUniqueID
  ids.userId = String(a.userId)
  ids.notificationType = '5'
  ids.runId = (await s.call('POST', '/sandbox/certification/runs', { token: a.token, body: { checks: ['client-sends-accept-language'] } })).json.runId
  await s.services.certification.idle()
  ids.notificationTypeID = '5'
  // A's listener, connected (its stream left open): B must not report an attempt through it.
  const stream = await s.request('/sandbox/listen', { headers: { Authorization: `Bearer ${a.token}` } })
  const reader = stream.body!.getReader()
  let text = ''
  while (!/event: ready\ndata: .*\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value)
  ids.listenerId = JSON.parse(/event: ready\ndata: (.*)\n/.exec(text)![1]!).listenerId
  // A's own scenario. B's PUT of the same name writes B's own (each partner names its own): left out below.
  const scenario = await s.call('POST', '/sandbox/scenarios', {
    token: a.token,
    body: { name: 'a-secret-scenario', description: { 'pt-PT': 'Segredo de A', en: "A's secret" }, effects: [{ type: 'tokenExpired' }] },
  })
  expect(scenario.status, scenario.text).toBe(201)
  ids.name = 'a-secret-scenario'
  // A's mail recipient, written directly: adding one sends a code over SMTP, and this sandbox relays none.
  ids.recipientId = '5f0c2d4e-8a1b-4c3d-9e2f-a1b2c3d4e5f6'
  s.db
    .prepare(
      `INSERT INTO mail_recipient (recipient_id, partner_unique_id, email, email_key, status, created_at) VALUES (?, ?, 'qa@a-partner.example', 'qa@a-partner.example', 'verified', ?)`,
    )
    .run(ids.recipientId, a.partnerUniqueID, new Date().toISOString())
  before = await snapshotOfA()
})

interface Media {
  example?: unknown
  examples?: Record<string, { value: unknown }>
  schema?: { $ref?: string; example?: unknown }
}

interface Operation {
  method: string
  path: string
  operation: { requestBody?: { content: Record<string, Media> } }
  /** The operation's own example body, from the document. */
  example: unknown
}

async function operations(): Promise<Operation[]> {
  // The bank's API and the sandbox's own, as one: isolation holds across both.
  const bank = (await s.call('GET', '/openapi.json', { token: null })).json
  const own = (await s.call('GET', '/openapi/sandbox.json', { token: null })).json
  const document = { paths: { ...bank.paths, ...own.paths }, components: { schemas: { ...bank.components.schemas, ...own.components.schemas } } }
  const exampleOf = (media: Media | undefined) => {
    if (!media) return undefined
    const schema = media.schema?.$ref ? document.components.schemas[media.schema.$ref.split('/').pop()!] : media.schema
    return media.example ?? Object.values(media.examples ?? {})[0]?.value ?? schema?.example ?? {}
  }
  const all: Operation[] = []
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation['operation']>>)) {
    for (const [method, operation] of Object.entries(item)) {
      all.push({ method: method.toUpperCase(), path, operation, example: exampleOf(operation.requestBody?.content['application/json']) })
    }
  }
  return all
}

/** What B must be answered on A's resource: the refusal of the document's rules for that path. */
function expected(path: string): { status: number; code: string } {
  if (path.startsWith('/{partnerUniqueID}/callbacks') || path.startsWith('/v1/callbacks/echo')) return { status: 403, code: '010504' }
  if (path.includes('/borrower')) return { status: 400, code: '010201' }
  return { status: 404, code: '010401' }
}

async function callAsB(op: Operation) {
  const path =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!ids[name]) throw new Error(`no id of A for ${name} in ${op.path}`)
      return ids[name]!
    }) + (op.path.endsWith('/esis/email') ? '?email=b@b-partner.example' : '')
  const content = op.operation.requestBody?.content ?? {}
  if (content['multipart/form-data']) {
    return upload(s, path, { documentTypeId: 1, file: { bytes: PDF, name: 'b.pdf' } }, { method: op.method, token: b.token })
  }
  return s.call(op.method, path, { token: b.token, ...(op.example === undefined ? {} : { body: op.example }) })
}

describe("another partner's data, on every path", () => {
  it("is refused to B on every operation that names one of A's resources, and nothing of A is answered", async () => {
    const named = (await operations()).filter(
      (op) => op.path.includes('{') && !op.path.startsWith('/sandbox/operator/') && !(op.method === 'PUT' && op.path === '/sandbox/scenarios/{name}'),
    )
    expect(named.length).toBeGreaterThan(40)
    for (const op of named) {
      const res = await callAsB(op)
      const want = expected(op.path)
      const label = `${op.method} ${op.path}`
      expect(res.status, label).toBe(want.status)
      expect(res.json.errors[0].errorCode, label).toBe(want.code)
      for (const marker of MARKERS) expect(res.text, `${label} answered A's data`).not.toContain(marker)
    }
  })

  it("shows B none of A's records in any list", async () => {
    for (const path of ['/v1/simulations', '/v1/processes', '/sandbox/deliveries', '/sandbox/mailbox', '/sandbox/jobs', '/sandbox/account', `/${b.partnerUniqueID}/callbacks`]) {
      const res = await s.call('GET', path, { token: b.token })
      expect(res.status, path).toBe(200)
      for (const value of [...Object.values(ids).filter((v) => v.length > 10), ...MARKERS]) expect(res.text, `${path} shows ${value}`).not.toContain(value)
    }
  })

  it("leaves A's data as it was after B's every call and B's reset", async () => {
    expect((await s.call('POST', '/sandbox/reset', { token: b.token })).status).toBe(200)
    expect(await snapshotOfA()).toEqual(before)
  })

  it("lets A reset only A's data", async () => {
    const mine = (await s.call('POST', '/v1/simulations', { token: b.token, body: simulationInput() })).json.additionalData.simulationUniqueID
    const reset = await s.call('POST', '/sandbox/reset', { token: a.token })
    expect(reset.json.additionalData.deleted).toMatchObject({ simulations: 1, processes: 1 })
    expect((await s.call('GET', `/v1/simulations/${mine}`, { token: b.token })).status).toBe(200)
    expect((await s.call('GET', `/v1/simulations/${ids.simulationUniqueId}`, { token: a.token })).status).toBe(404)
  })
})
