import { beforeAll, describe, expect, it } from 'vitest'
import { PDF } from '../modules/processes/process-fixtures.ts'
import { createTestSandbox, type TestSandbox } from '../support/test-app.ts'
import { PARAMS, SAMPLES } from './support/matrix-samples.ts'
import { OPERATOR_TOKEN, Records } from './support/matrix-world.ts'

/**
 * The headers the documents declare, held against real answers: every operation of both documents
 * is called once with its sample of the authorization matrix, on a sandbox whose fair share is on
 * (as a hosted one), and each of the sandbox's own headers an answer carries must be declared on
 * that operation's response; each declared one must show in some answer. Generic headers
 * (Content-Type, Date, caching, the security headers…) are not the documents' business.
 */
const OWN_HEADERS = ['x-request-id', 'content-language', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-sandbox-scenario']

type Json = Record<string, any>
let s: TestSandbox
let bank: Json
let sandbox: Json
const seen = new Set<string>()
const undeclared: string[] = []

/** The headers declared on a response, lower-cased (refs resolved by name). */
const declaredOn = (response: Json | undefined) => new Set(Object.keys(response?.headers ?? {}).map((name) => name.toLowerCase()))

async function callOperation(method: string, path: string, records: Records, headers: Record<string, string> = {}) {
  const key = `${method.toUpperCase()} ${path}`
  const sample = SAMPLES[key] ?? {}
  const given: Record<string, string> = { ...(await sample.params?.(records)), ...(sample.fresh ? await sample.fresh(records) : {}) }
  const filled = await Promise.all([...path.matchAll(/\{(\w+)\}/g)].map(async ([, name]) => [name!, given[name!] ?? (await PARAMS[name!]?.(records)) ?? 'estado-civil'] as const))
  let target = path
  for (const [name, value] of filled) target = target.replace(`{${name}}`, encodeURIComponent(value))
  const send: Record<string, string> = { 'Accept-Language': 'en', ...headers }
  if (!path.startsWith('/v1/health') && !['/v1/authentication', '/sandbox/signup', '/sandbox/certification/signing-key'].includes(path)) {
    send.Authorization = `Bearer ${path.startsWith('/sandbox/operator') ? OPERATOR_TOKEN : s.tokens.a}`
  }
  let body: string | FormData | undefined
  if (sample.multipart) {
    const form = new FormData()
    form.append('documentTypeId', '21')
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'caderneta.pdf')
    body = form
  } else if (sample.json) {
    send['Content-Type'] = 'application/json'
    body = JSON.stringify(await sample.json(records))
  }
  const res = await s.request(sample.query ? `${target}?${sample.query}` : target, { method: method.toUpperCase(), headers: send, ...(body === undefined ? {} : { body }) })
  // An event stream (listen) never ends: its headers are what is looked at.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel()
  else await res.arrayBuffer()
  await sample.after?.(s)
  return res
}

function record(document: Json, method: string, path: string, res: Response) {
  const responses = document.paths[path][method].responses
  const declared = declaredOn(responses[String(res.status)] ?? responses.default)
  for (const name of OWN_HEADERS) {
    if (!res.headers.has(name)) continue
    seen.add(name)
    if (!declared.has(name)) undeclared.push(`${method.toUpperCase()} ${path} ${res.status}: ${name}`)
  }
}

beforeAll(async () => {
  // A fair share wide enough never to refuse the sample requests: its headers are what is looked at.
  s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, rateLimit: { perSecond: 10_000, burst: 100_000 } })
  bank = (await s.call('GET', '/openapi.json?scenarios=true', { token: null })).json
  sandbox = (await s.call('GET', '/openapi/sandbox.json', { token: null })).json
  const records = new Records(s)
  for (const document of [bank, sandbox]) {
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const method of Object.keys(item)) {
        if (path === '/sandbox/reset') continue // it would delete the records the later samples use
        record(document, method, path, await callOperation(method, path, records))
      }
    }
  }
  // A scenario named on a request, and the refusals the samples do not meet: a 429 and a 503.
  const simulationPath = '/v1/simulations/{simulationUniqueId}'
  record(bank, 'get', simulationPath, await callOperation('get', simulationPath, records, { 'X-Sandbox-Scenario': 'rate-limited' }))
  record(bank, 'get', simulationPath, await callOperation('get', simulationPath, records, { 'X-Sandbox-Scenario': 'service-unavailable' }))
}, 240_000)

describe('the headers of the OpenAPI documents against real answers', () => {
  it("declares every one of the sandbox's own headers an answer carries, on that operation's answer", () => {
    expect(undeclared).toEqual([])
  })

  it('declares no header that no answer carries', () => {
    const names = new Set<string>()
    for (const document of [bank, sandbox]) {
      for (const item of Object.values(document.paths as Record<string, Json>)) {
        for (const operation of Object.values(item) as Json[])
          for (const response of Object.values(operation.responses) as Json[]) for (const name of declaredOn(response)) names.add(name)
      }
    }
    expect([...names].filter((name) => !seen.has(name))).toEqual([])
  })

  it('declares Accept-Language (pt-PT, en) and X-Request-Id on every operation; X-Sandbox-Scenario only when asked for, as an enum of the scenarios', async () => {
    const plain = (await s.call('GET', '/openapi.json', { token: null })).json
    const operations = (document: Json) => Object.values(document.paths as Record<string, Json>).flatMap((item) => Object.values(item) as Json[])
    for (const operation of [...operations(plain), ...operations(sandbox)]) {
      const refs = (operation.parameters as Json[]).map((p) => p.$ref)
      expect(refs).toEqual(expect.arrayContaining(['#/components/parameters/AcceptLanguage', '#/components/parameters/XRequestId']))
      expect(refs).not.toContain('#/components/parameters/XSandboxScenario')
    }
    expect(plain.components.parameters.AcceptLanguage.schema.enum).toEqual(['pt-PT', 'en'])
    expect(bank.components.parameters.XSandboxScenario.schema.enum).toEqual(expect.arrayContaining(['rate-limited', 'simulation-completed']))
    expect(bank.paths['/v1/simulations'].post.parameters.map((p: Json) => p.$ref)).toContain('#/components/parameters/XSandboxScenario')
  })
})
