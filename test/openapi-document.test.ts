import { compileErrors, dereference, validate } from '@readme/openapi-parser'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LISTS } from '../src/modules/taxonomy/taxonomy.schemas.ts'
import { openApiDocument, openApiDocuments } from '../src/app/openapi-document.ts'
import { createTestSandbox } from './support/test-app.ts'

const document = openApiDocument() as any
const documents = openApiDocuments() as { bank: any; sandbox: any }
const clone = () => JSON.parse(JSON.stringify(document))
const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
)
const PUBLIC = new Set(['get /v1/health', 'get /v1/health/version', 'post /v1/authentication', 'post /sandbox/signup', 'get /sandbox/certification/signing-key'])

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(clone())
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(document.openapi).toBe('3.1.0')
  })

  it('the committed contracts/openapi.json and contracts/openapi-sandbox.json are up to date (npm run openapi)', () => {
    expect(JSON.parse(readFileSync('contracts/openapi.json', 'utf8'))).toEqual(JSON.parse(JSON.stringify(documents.bank)))
    expect(JSON.parse(readFileSync('contracts/openapi-sandbox.json', 'utf8'))).toEqual(JSON.parse(JSON.stringify(documents.sandbox)))
  })

  it.each(['bank', 'sandbox'] as const)("the %s's document is a valid OpenAPI 3.1 document", async (name) => {
    const result = await validate(JSON.parse(JSON.stringify(documents[name])))
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
  })

  it.each(LISTS.map((l) => l.name))('documents GET /v1/taxonomy/%s with its item schema', (name) => {
    const operation = document.paths[`/v1/taxonomy/${name}`]?.get
    expect(operation).toBeDefined()
    expect(operation.responses['200'].content['application/json'].schema).toBeDefined()
  })

  it('every operation but health, version, login and sign-up requires the bearer token, the operator API its own', () => {
    for (const { path, method, operation } of operations) {
      const key = `${method} ${path}`
      if (PUBLIC.has(key)) expect(operation.security ?? [], key).toEqual([])
      else if (path.startsWith('/sandbox/operator/')) expect(operation.security, key).toEqual([{ operatorToken: [] }])
      else expect(operation.security, key).toEqual([{ bearerAuth: [] }])
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('every operation documents its errors with the shared error body', () => {
    for (const { path, method, operation } of operations) {
      if (path.startsWith('/v1/health')) continue
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0)
      for (const [, response] of errors as [string, any][]) {
        expect(response.content['application/json'].schema.$ref, `${method} ${path}`).toBe('#/components/schemas/ErrorBody')
      }
    }
  })

  it('every JSON request body has a whole example (or named examples, each with a value)', async () => {
    const resolved = (await dereference(clone())) as any
    for (const [path, item] of Object.entries(resolved.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const body = operation.requestBody?.content?.['application/json']
        if (!body) continue
        if (body.examples) {
          for (const [name, example] of Object.entries(body.examples as Record<string, { value?: unknown }>)) expect(example.value, `${method} ${path} ${name}`).toBeDefined()
        } else expect(body.example ?? body.schema.example, `${method} ${path}`).toBeDefined()
      }
    }
  })

  it('documents the callback payload as a union discriminated by notificationType, one schema per type', () => {
    const union = documents.bank.components.schemas.PartnerNotification
    expect(union.discriminator.propertyName).toBe('notificationType')
    expect(Object.keys(union.discriminator.mapping)).toHaveLength(12)
    expect(documents.bank.components.schemas.PartnerNotificationNewMessage.properties.data.$ref).toBe('#/components/schemas/NewMessageData')
  })

  it("keeps the sandbox's own operations out of the bank's document, and the bank's out of the sandbox's", () => {
    expect(Object.keys(documents.bank.paths).filter((path) => path.startsWith('/sandbox'))).toEqual([])
    expect(Object.keys(documents.sandbox.paths).every((path) => path.startsWith('/sandbox/'))).toBe(true)
    expect(Object.keys(documents.bank.paths).length + Object.keys(documents.sandbox.paths).length).toBe(Object.keys(document.paths).length)
    expect(documents.bank.webhooks).toBeDefined()
    expect(documents.sandbox.components.securitySchemes.operatorToken).toBeDefined()
    expect(documents.bank.components.securitySchemes.operatorToken).toBeUndefined()
  })

  it('the login example succeeds as it is', async () => {
    const { call } = await createTestSandbox()
    const example = document.components.schemas.AuthenticateRequest.example
    expect((await call('POST', '/v1/authentication', { token: null, body: example })).status).toBe(200)
  })

  it('is served at /openapi.json and the reference page at /docs works offline', async () => {
    const { call } = await createTestSandbox()
    const served = await call('GET', '/openapi.json', { token: null })
    const { servers, ...rest } = served.json
    expect(rest).toEqual(JSON.parse(JSON.stringify({ ...documents.bank, servers: undefined })))
    expect(servers).toEqual([{ url: 'http://localhost', description: expect.stringMatching(/the host this document was asked on/) }])
    const page = await call('GET', '/docs', { token: null })
    expect(page.text).toContain('/docs/assets/swagger-ui-bundle.js')
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/)
    const bundle = await call('GET', '/docs/assets/swagger-ui-bundle.js', { token: null })
    expect(bundle.status).toBe(200)
    expect(bundle.text.length).toBeGreaterThan(100_000)
  })

  it("documents the hosted sandbox's refusals: the operator token, a suspended partner, a full quota, sign-up off", () => {
    const responses = (method: string, path: string) => Object.keys(document.paths[path][method].responses)
    for (const { path, method, operation } of operations.filter((o) => o.path.startsWith('/sandbox/operator/'))) {
      expect(operation.tags, `${method} ${path}`).toEqual(['Operator'])
      expect(operation.security, `${method} ${path}`).toEqual([{ operatorToken: [] }])
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('401')
    }
    for (const { path, method, operation } of operations.filter((o) => o.operation.security?.[0]?.bearerAuth)) {
      expect(Object.keys(operation.responses), `${method} ${path}: a suspended partner's token`).toContain('401')
      expect(Object.keys(operation.responses), `${method} ${path}: the rate limit`).toContain('429')
    }
    for (const [method, path] of [
      ['post', '/v1/simulations'],
      ['post', '/v1/processes'],
      ['post', '/v1/processes/{processUniqueId}/document'],
      ['put', '/{partnerUniqueID}/callbacks/{notificationType}'],
    ] as const) {
      expect(responses(method, path), `${method} ${path}: a full quota`).toContain('409')
    }
    expect(responses('post', '/sandbox/signup')).toContain('403')
    expect(JSON.stringify(document.paths['/v1/simulations'].post.responses['409'])).toMatch(/010605/)
  })

  it('gives every operation a unique operationId, and keeps each one it ever gave (contracts/operation-ids.json)', () => {
    const missing = operations.filter((o) => !o.operation.operationId).map((o) => `${o.method.toUpperCase()} ${o.path}`)
    expect(missing, 'operations without an operationId: set one in their createRoute').toEqual([])
    const ids = operations.map((o) => o.operation.operationId as string)
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'operationIds used twice',
    ).toEqual([])
    // Generated clients name their methods after these: a rename breaks every partner's build.
    const kept = JSON.parse(readFileSync('contracts/operation-ids.json', 'utf8')) as Record<string, string>
    const now = Object.fromEntries(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.operation.operationId]))
    const changed = Object.entries(kept)
      .filter(([operation, id]) => now[operation] !== id)
      .map(([operation, id]) => `${operation}: was ${id}, now ${now[operation] ?? '(gone)'}`)
    expect(changed, 'renamed or removed operations (add new ones to contracts/operation-ids.json; never rename)').toEqual([])
    expect(
      Object.keys(now).filter((operation) => !(operation in kept)),
      'operations to add to contracts/operation-ids.json',
    ).toEqual([])
  })

  it('declares the public operations public (security: []) and every other one secured', () => {
    for (const { path, method, operation } of operations) {
      const key = `${method} ${path}`
      if (PUBLIC.has(key)) expect(operation.security, key).toEqual([])
      else expect(operation.security?.length, key).toBeGreaterThan(0)
    }
  })
})
