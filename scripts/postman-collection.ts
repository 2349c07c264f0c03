// The Postman collections of the two OpenAPI documents (docs/decisions/1084-the-postman-collections.md):
// requests in journey order, each built from its operation in the document (method, path, example
// body, the fields its answer must have) and checked by tests a run reports: the status, the
// language, the request id, the answer's required fields, the error body of a refusal. Ids are
// chained: what Simulation Create answers is what Process Create sends. Deterministic: the
// committed copies change only when the documents or the journeys do.
import { COLLECTIONS_WAY_IN } from '../src/http/openapi/api-documents.ts'
import { BANK_JOURNEY, SANDBOX_JOURNEY, type Step } from './postman-journeys.ts'

type Json = Record<string, any>

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

function resolve(document: Json, schema: Json | undefined): Json | undefined {
  let found = schema
  while (found?.$ref) found = document.components?.schemas?.[String(found.$ref).split('/').pop()!]
  return found
}

function operationOf(document: Json, step: Step): { method: string; path: string; operation: Json } {
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) if (operation.operationId === step.operationId) return { method, path, operation }
  }
  throw new Error(`no operation ${step.operationId} in ${document.info?.title}`)
}

function exampleBody(document: Json, operation: Json): unknown {
  const media = operation.requestBody?.content?.['application/json']
  if (!media) return undefined
  return media.example ?? (Object.values(media.examples ?? {})[0] as Json | undefined)?.value ?? resolve(document, media.schema)?.example
}

/** The operation's example with a loan amount no bank lends: a refusal read by field. */
const negativeAmount = (example: unknown) => {
  const body = JSON.parse(JSON.stringify(example)) as Json
  body.loanSimulator.loanAmount = -1
  return body
}

/** One step per reference list of the document. */
const taxonomySteps = (document: Json): Step[] =>
  Object.entries(document.paths as Record<string, Json>)
    .filter(([path]) => path.startsWith('/v1/taxonomy/'))
    .map(([, item]) => ({ name: item.get.summary ?? item.get.operationId, operationId: item.get.operationId, status: 200 }))

const js = (value: unknown) => JSON.stringify(value)

/** The test script of a step: what a partner relies on in the answer. */
function testScript(document: Json, operation: Json, step: Step): string[] {
  const lines = [
    `pm.test('answers ${step.status}', () => pm.response.to.have.status(${step.status}));`,
    "pm.test('answers in the language asked (Content-Language)', () => pm.expect(pm.response.headers.get('Content-Language')).to.eql(pm.variables.get('language')));",
    "pm.test('names the request (X-Request-Id)', () => pm.expect(pm.response.headers.get('X-Request-Id')).to.be.a('string').and.not.empty);",
  ]
  const response = operation.responses?.[String(step.status)]
  const json = response?.content?.['application/json']
  if (step.status >= 400) {
    lines.push(
      'const body = pm.response.json();',
      "pm.test('answers the error body', () => { pm.expect(body.operationStatus).to.be.an('object'); pm.expect(body.errors).to.be.an('array').that.is.not.empty; });",
      "pm.test('each error has errorCode, errorMessage, errorField', () => body.errors.forEach((e) => pm.expect(e).to.include.all.keys('errorCode', 'errorMessage', 'errorField')));",
    )
    if (step.refusedField !== undefined)
      lines.push(`pm.test('names the field ${step.refusedField}', () => pm.expect(body.errors.map((e) => e.errorField)).to.include(${js(step.refusedField)}));`)
  } else if (json) {
    lines.push('const body = pm.response.json();')
    const schema = resolve(document, json.schema)
    if (schema?.type === 'array') lines.push("pm.test('lists items', () => pm.expect(body).to.be.an('array').that.is.not.empty);")
    for (const field of [...(schema?.required ?? []), ...(step.fields ?? [])]) lines.push(`pm.test('has ${field}', () => pm.expect(body).to.have.nested.property(${js(field)}));`)
  } else if (response?.content) {
    const type = Object.keys(response.content)[0]!
    lines.push(`pm.test('answers ${type}', () => pm.expect(pm.response.headers.get('Content-Type')).to.include(${js(type)}));`)
  }
  for (const [variable, expression] of Object.entries(step.store ?? {})) lines.push(`pm.collectionVariables.set(${js(variable)}, ${expression});`)
  // Past the partner's fair share (a hosted sandbox's 429 with RateLimit-*), the request is sent again
  // after Retry-After, up to 3 times, and only that last answer is tested.
  return [
    "const retries = Number(pm.collectionVariables.get('retries') || 0);",
    "const overShare = pm.response.code === 429 && pm.response.headers.has('RateLimit-Limit') && retries < 3;",
    "if (overShare) { pm.collectionVariables.set('retries', String(retries + 1)); postman.setNextRequest(pm.info.requestName); } else {",
    "pm.collectionVariables.set('retries', '0');",
    ...lines.map((line) => `  ${line}`),
    '}',
  ]
}

function request(document: Json, step: Step): Json {
  const { method, path, operation } = operationOf(document, step)
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, (_, name: string) => `{{${step.path?.[name] ?? name}}}`))
  const query = Object.entries(step.query ?? {}).map(([key, value]) => ({ key, value }))
  const headers = [{ key: 'Accept-Language', value: '{{language}}' }]
  const body = step.body === 'NEGATIVE_AMOUNT' ? negativeAmount(exampleBody(document, operation)) : step.body === undefined ? exampleBody(document, operation) : step.body
  const sendsJson = body !== undefined && body !== null && operation.requestBody?.content?.['application/json']
  if (sendsJson) headers.push({ key: 'Content-Type', value: 'application/json' })
  const secured = (operation.security ?? []).length > 0
  const raw = `{{baseUrl}}/${segments.join('/')}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`
  const item: Json = {
    name: step.name,
    request: {
      method: method.toUpperCase(),
      header: headers,
      url: { raw, host: ['{{baseUrl}}'], path: segments, ...(query.length ? { query } : {}) },
      ...(sendsJson ? { body: { mode: 'raw', raw: JSON.stringify(body, null, 2) } } : {}),
      ...(step.formdata ? { body: { mode: 'formdata', formdata: step.formdata } } : {}),
      ...(secured ? {} : { auth: { type: 'noauth' } }),
      description: `${operation.summary ?? ''} (${method.toUpperCase()} ${path}, operationId ${operation.operationId})${step.note ? `. ${step.note}` : ''}`,
    },
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(document, operation, step) } }],
  }
  if (step.prerequest) item.event.unshift({ listen: 'prerequest', script: { type: 'text/javascript', exec: step.prerequest } })
  return item
}

/**
 * A client that keeps to its fair share: after an answer whose RateLimit-Remaining runs low (a hosted
 * sandbox sends it), the next request waits until the bucket has refilled enough.
 */
const PACING = [
  {
    listen: 'prerequest',
    script: {
      type: 'text/javascript',
      exec: ["const waitMs = Number(pm.collectionVariables.get('waitMs') || 0);", "if (waitMs > 0) { pm.collectionVariables.set('waitMs', '0'); setTimeout(() => {}, waitMs); }"],
    },
  },
  {
    listen: 'test',
    script: {
      type: 'text/javascript',
      exec: [
        "const remaining = Number(pm.response.headers.get('RateLimit-Remaining'));",
        "const perSecond = Number(pm.response.headers.get('RateLimit-Limit'));",
        "const retryAfter = Number(pm.response.headers.get('Retry-After'));",
        "if (retryAfter > 0) pm.collectionVariables.set('waitMs', String(retryAfter * 1000));",
        "else if (perSecond > 0 && remaining < 10) pm.collectionVariables.set('waitMs', String(Math.ceil(((10 - remaining) / perSecond) * 1000)));",
      ],
    },
  },
]

const VARIABLES = [
  'baseUrl',
  'language',
  'username',
  'password',
  'accessToken',
  'partnerUniqueID',
  'simulationUniqueId',
  'spareSimulationUniqueId',
  'processUniqueId',
  'borrowerUniqueId',
  'coBorrowerUniqueId',
  'propertyUniqueId',
  'notificationType',
  'runId',
  'requestId',
  'waitMs',
  'retries',
]
// Generated with the demo identities; a sandbox where they are off serves the copies told its own way in.
const DEFAULTS: Record<string, string> = { baseUrl: 'http://localhost:8080', language: 'en', ...COLLECTIONS_WAY_IN.example }

function collection(document: Json, journey: Record<string, Step[]>, info: { name: string; description: string }): Json {
  return {
    info: { name: info.name, description: info.description, schema: SCHEMA },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] },
    event: PACING,
    item: Object.entries(journey).map(([folder, steps]) => ({ name: folder, item: steps.map((step) => request(document, step)) })),
    variable: VARIABLES.map((key) => ({ key, value: DEFAULTS[key] ?? '', type: 'string' })),
  }
}

const CREDENTIALS = COLLECTIONS_WAY_IN.postman

/** The partner's collection: the bank's API as a journey, every request tested; nothing destructive or administrative. */
export function bankCollection(bank: Json): Json {
  return collection(
    bank,
    { ...BANK_JOURNEY, 'Reference lists': taxonomySteps(bank) },
    {
      name: 'Mortgage Partner Portal API (sandbox)',
      description: `The bank's API as a partner's journey: authenticate, reference lists, a simulation, a process from it with its borrowers, property, messages and ESIS, a submission refused for what is missing. Every request has tests; run the folders in order (Newman: \`newman run\`). It changes nothing but the simulations and the process it creates itself.\n\n${CREDENTIALS}`,
    },
  )
}

/** The sandbox's own API: the control, journal and certification, acting only on what the run itself made. */
export function sandboxCollection(sandbox: Json, bank: Json): Json {
  const merged = {
    ...sandbox,
    paths: { ...bank.paths, ...sandbox.paths },
    components: { ...sandbox.components, schemas: { ...bank.components?.schemas, ...sandbox.components?.schemas } },
  }
  return collection(merged, SANDBOX_JOURNEY, {
    name: 'Mortgage Partner Portal sandbox: its own API',
    description: `The sandbox's own API (/sandbox), not part of the bank's: scenarios, the clock, the request journal, deliveries, jobs, the account and certification, on a simulation this run creates. Requests that change something say so in their name and act only on what this run created; nothing here resets the partner or touches its users.\n\n${CREDENTIALS}`,
  })
}

/** Both collections, as contracts/ keeps them and /postman.json and /postman/sandbox.json serve them. */
export function postmanCollections(documents: { bank: Json; sandbox: Json }): { bank: Json; sandbox: Json } {
  return { bank: bankCollection(documents.bank), sandbox: sandboxCollection(documents.sandbox, documents.bank) }
}
