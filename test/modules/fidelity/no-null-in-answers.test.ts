import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { LISTS } from '../../../src/modules/taxonomy/taxonomy.schemas.ts'
import { openApiDocument } from '../../../src/app/openapi-document.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { borrowerIds, borrowerPath, completeProcess, draftProcess, PDF, processPath, upload } from '../processes/process-fixtures.ts'
import { FIXED_RATE, MIXED_RATE, SINGLE_BORROWER, simulationInput } from '../simulations/simulation-fixtures.ts'

/**
 * docs/design.md "Fields without a value": a field of an answer of the bank's operations (or of a
 * notification pushed to a partner) that has no value is left out, never sent as null, because a
 * client generated from the bank's schema accepts an absent field but breaks on null.
 */

/** The bank's operations: the paths under /v1 and the callback management paths of the document. */
const BANK_PATH = /^\/(v1\/|[0-9a-fA-F-]{36}\/callbacks\b|\{partnerUniqueID\}\/callbacks\b)/

/** Where a JSON value holds null, as dotted paths (list items by index). */
function nullsIn(value: unknown, path = ''): string[] {
  if (value === null) return [path || '(the whole value)']
  if (Array.isArray(value)) return value.flatMap((item, index) => nullsIn(item, `${path}[${index}]`))
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([key, v]) => nullsIn(v, path ? `${path}.${key}` : key))
  return []
}

interface Answer {
  what: string
  status: number
  json: unknown
}

let s: TestSandbox
const answers: Answer[] = []

/** A call of a bank operation as broker A, its JSON answer kept for the walk. */
async function bank(method: string, path: string, options: Parameters<TestSandbox['call']>[2] = {}) {
  if (!BANK_PATH.test(path)) throw new Error(`${path} is not an operation of the bank`)
  const res = await s.call(method, path, options)
  answers.push({ what: `${method} ${path}`, status: res.status, json: res.json })
  return res
}

/** Document Create as broker A (multipart), its answer kept for the walk. */
async function bankUpload(path: string, fields: Parameters<typeof upload>[2]) {
  const res = await upload(s, path, fields)
  answers.push({ what: `POST ${path}`, status: res.status, json: res.json })
  return res
}

const ok = <R extends { status: number; text: string }>(res: R): R => {
  if (res.status >= 300) throw new Error(`${res.status} ${res.text}`)
  return res
}

async function simulationJourney(): Promise<string> {
  const cases = [
    simulationInput(),
    simulationInput({ loanSimulator: FIXED_RATE, borrowersSimulator: SINGLE_BORROWER }),
    simulationInput({ loanSimulator: MIXED_RATE }),
    simulationInput({ loanSimulator: { loanPurposeId: 3, productPurposeId: 2, loanAmount: 150000 } }),
    simulationInput({ loanSimulator: { loanAmount: 245000 }, borrowersSimulator: { ...SINGLE_BORROWER, keyBorrowerIncomeWagesPensions: 900 } }),
  ]
  const ids: string[] = []
  for (const input of cases) ids.push(ok(await bank('POST', '/v1/simulations', { body: input })).json.additionalData.simulationUniqueID)
  const [eligible, single, mixed, , notEligible] = ids as [string, string, string, string, string]
  expect(answers.at(-1)!.json).toMatchObject({ additionalData: { elegibility: false } })

  for (const id of ids) for (const lang of ['pt-PT', 'en']) ok(await bank('GET', `/v1/simulations/${id}`, { headers: { 'Accept-Language': lang } }))
  ok(await bank('PATCH', `/v1/simulations/${mixed}`, { body: { loanSimulator: { loanAmount: 180000 } } }))
  // A request may still send null: the merge patch clears the index of a variable rate turned fixed.
  ok(await bank('PATCH', `/v1/simulations/${eligible}`, { body: { loanSimulator: { interestRateTypeID: 1, fixedPeriodID: 5, indexTypeID: null } } }))
  ok(await bank('GET', `/v1/simulations/${eligible}`))
  ok(await bank('POST', '/v1/simulations/validate', { body: simulationInput() }))
  await bank('POST', '/v1/simulations/validate', { body: { loanSimulator: { loanAmount: 'x' } } })
  ok(await bank('DELETE', `/v1/simulations/${notEligible}`, { body: { simulationCancelReasonId: 1 } }))
  ok(await bank('GET', `/v1/simulations/${notEligible}`))
  ok(await bank('GET', '/v1/simulations?lineCount=100'))
  await bank('GET', '/v1/simulations/00000000-0000-4000-8000-000000000000')

  ok(await bank('POST', `/v1/simulations/${single}/message`, { body: { messageText: 'Os clientes querem avançar.' } }))
  ok(await s.call('POST', `/sandbox/simulations/${single}/message`, { body: { messageText: 'Envie o recibo de vencimento.' } }))
  ok(await bank('GET', `/v1/simulations/${single}/message`))
  return single
}

async function processJourney(): Promise<{ draft: string; approved: string }> {
  const { processUniqueId: draft, simulationUniqueId } = await draftProcess(s)
  ok(await bank('GET', `/v1/simulations/${simulationUniqueId}`))
  const [key, co] = await borrowerIds(s, draft)
  for (const id of [key!, co!]) ok(await bank('GET', borrowerPath(draft, id)))
  ok(await bank('GET', borrowerPath(draft)))
  ok(await bank('PUT', borrowerPath(draft, co!), { body: { personalDataBorrowerRequest: { phone: null, email: 'joao.almeida@example.pt' } } }))
  ok(await bank('GET', borrowerPath(draft, co!)))

  const property = ok(await bank('GET', processPath(draft, '/property'))).json.propertyList[0]
  ok(await bank('PUT', processPath(draft, `/property/${property.propertyUniqueId}`), { body: { address: 'Rua Castilho', grossBuiltArea: null } }))
  ok(await bank('GET', processPath(draft, '/property')))

  const documents = processPath(draft, '/document')
  const propertyDocument = ok(await bankUpload(documents, { file: { bytes: PDF, name: 'caderneta.pdf' }, documentTypeId: 21 })).json.additionalData.documentUniqueID
  ok(await bankUpload(documents, { file: { bytes: PDF, name: 'cc.pdf' }, documentTypeId: 1, borrowerUniqueId: key!, description: 'Cartão de Cidadão' }))
  ok(await bank('GET', documents))
  ok(await bank('GET', `${documents}/${propertyDocument}`))

  ok(await bank('POST', processPath(draft, '/message'), { body: { messageText: 'Segue a caderneta predial.' } }))
  ok(await s.call('POST', `/sandbox/processes/${draft}/message`, { body: { messageText: 'Obrigado, recebido.' } }))
  ok(await bank('GET', processPath(draft, '/message')))
  ok(await bank('GET', processPath(draft, '/esis/email?email=cliente%40example.pt')))
  for (const lang of ['pt-PT', 'en']) ok(await bank('GET', processPath(draft), { headers: { 'Accept-Language': lang } }))

  const { processUniqueId: approved } = await draftProcess(s)
  await completeProcess(s, approved)
  ok(await bank('POST', processPath(approved, '/submit')))
  for (const processStatusId of [3, 4]) ok(await s.call('POST', `/sandbox/processes/${approved}/status`, { body: { processStatusId } }))
  ok(await bank('GET', processPath(approved)))

  const { processUniqueId: rejected } = await draftProcess(s)
  for (const processStatusId of [2, 5]) ok(await s.call('POST', `/sandbox/processes/${rejected}/status`, { body: { processStatusId } }))
  ok(await bank('GET', processPath(rejected)))
  ok(await bank('DELETE', processPath(draft), { body: { proposalCancelReasonId: 1 } }))
  ok(await bank('GET', processPath(draft)))
  ok(await bank('GET', '/v1/processes?lineCount=100'))
  return { draft, approved }
}

beforeAll(async () => {
  s = await createTestSandbox()
  ok(await bank('POST', '/v1/authentication', { token: null, body: { username: 'broker-a', password: 'sandbox' } }))
  for (const list of LISTS) ok(await bank('GET', `/v1/taxonomy/${list.name}${list.name === 'notification-types' ? '?lineCount=100' : ''}`))
  const simulation = await simulationJourney()
  const { approved } = await processJourney()
  for (const type of [5, 6, 7]) ok(await bank('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: 'https://partner.example.com/mortgage/notifications' } }))
  ok(await bank('GET', `/${PARTNER_A}/callbacks`))
  ok(await bank('POST', `/v1/callbacks/echo/${PARTNER_A}/5`, { body: { processUniqueId: approved } }))
  ok(await bank('POST', `/v1/callbacks/echo/${PARTNER_A}/6`, { body: { simulationUniqueId: simulation } }))
  ok(await bank('POST', `/v1/callbacks/echo/${PARTNER_A}/7`, { body: { simulationUniqueId: simulation } }))
}, 60_000)

describe('fields without a value', () => {
  it("answers of the bank's operations never carry null for a field the document types as string or number", () => {
    expect(answers.length).toBeGreaterThan(100)
    expect(answers.filter((a) => a.json === undefined).map((a) => a.what)).toEqual([])
    const nulls = answers.flatMap(({ what, status, json }) => nullsIn(json).map((path) => `${what} (${status}): ${path}`))
    expect(nulls).toEqual([])
  })

  it('notifications pushed to partners never carry null either, whatever their type', () => {
    const rows = s.db.prepare('SELECT notification_type_id AS type, body FROM notification ORDER BY seq').all() as Array<{ type: number; body: string }>
    // Process created (1), process and simulation statuses (5, 6), messages (7), the decision (9), echoes.
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([1, 5, 6, 7, 9]))
    const nulls = rows.flatMap(({ type, body }) => nullsIn(JSON.parse(body)).map((path) => `type ${type}: ${path}`))
    expect(nulls).toEqual([])
  })

  it('a first status and an approval leave out the previous status and the reject reason', () => {
    const bodies = (s.db.prepare('SELECT body FROM notification ORDER BY seq').all() as Array<{ body: string }>).map((r) => JSON.parse(r.body))
    const first = bodies.find((b) => b.notificationTypeId === 6 && b.data.simulationStatusId === 1)
    expect(first.data).toEqual({ simulationStatusId: 1, simulationStatusDescription: 'Simulada' })
    expect(bodies.find((b) => b.notificationTypeId === 9 && b.data.decision === 'APPROVED').data).toEqual({
      decision: 'APPROVED',
      processStatusId: 4,
      processStatusDescription: 'Aprovado',
    })
  })
})

/** Where a JSON Schema (its $refs followed into the document's components) lets a value be null. */
function nullTypesIn(document: any, schema: any, where: string, seen: ReadonlySet<string> = new Set()): string[] {
  if (schema === null || typeof schema !== 'object') return []
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1)!
    return seen.has(name) ? [] : nullTypesIn(document, document.components.schemas[name], `${where} > ${name}`, new Set([...seen, name]))
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const own = schema.nullable === true || types.includes('null') || schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null)) ? [where] : []
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => (key === 'example' || key === 'examples' ? [] : nullTypesIn(document, value, `${where}.${key}`, seen)))]
}

/** The answers of the operations whose path matches, and the webhooks' bodies when asked. */
function answerSchemaNulls(document: any, paths: RegExp, webhooks: boolean): string[] {
  const operations = Object.entries(document.paths as Record<string, Record<string, any>>)
    .filter(([path]) => paths.test(path))
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, schema: operation.responses })))
  const hooks = webhooks
    ? Object.entries(document.webhooks ?? {}).flatMap(([name, item]: [string, any]) =>
        Object.values(item).map((operation: any) => ({ where: `webhook ${name}`, schema: operation.requestBody })),
      )
    : []
  return [...operations, ...hooks].flatMap(({ where, schema }) => nullTypesIn(document, schema, where))
}

describe('the OpenAPI document of fields without a value', () => {
  // The committed copies: the bank's document, with the sandbox's own beside it for the walk's own check.
  const bank = JSON.parse(readFileSync('contracts/openapi.json', 'utf8'))
  const own = JSON.parse(readFileSync('contracts/openapi-sandbox.json', 'utf8'))
  const committed = { ...bank, paths: { ...bank.paths, ...own.paths }, components: { ...bank.components, schemas: { ...own.components.schemas, ...bank.components.schemas } } }
  const documents = { generated: openApiDocument() as any, 'contracts/openapi.json': committed }

  it.each(Object.keys(documents))("%s: no answer of the bank's operations, and no notification body, has a nullable field", (name) => {
    const document = documents[name as keyof typeof documents]
    expect(Object.keys(document.paths).filter((p) => BANK_PATH.test(p)).length).toBeGreaterThan(60)
    expect(answerSchemaNulls(document, BANK_PATH, true)).toEqual([])
    // The walk does find null types: the sandbox's own API keeps some, and so do the requests.
    expect(answerSchemaNulls(document, /^\/sandbox\/deliveries$/, false).length).toBeGreaterThan(0)
    expect(nullTypesIn(document, { $ref: '#/components/schemas/LoanSimulator' }, 'LoanSimulator').length).toBeGreaterThan(0)
  })
})
