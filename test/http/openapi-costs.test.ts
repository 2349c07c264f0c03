import { describe, expect, it } from 'vitest'
import { openApiDocuments } from '../../src/app/openapi-document.ts'
import { costSentence } from '../../src/http/openapi/openapi-costs.ts'

type Json = Record<string, any>
const METHODS = ['get', 'put', 'post', 'delete', 'patch']
const documents = openApiDocuments()

/** Every operation of a document, by method and path. */
const operationsOf = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation: operation as Json })),
  )

describe("each operation's cost where a partner reads the documents", () => {
  it('declares x-sandbox-cost on every operation of both documents, and ends its description with the same figures', () => {
    for (const document of [documents.bank, documents.sandbox]) {
      const operations = operationsOf(document)
      expect(operations.length).toBeGreaterThan(20)
      for (const { key, operation } of operations) {
        const cost = operation['x-sandbox-cost']
        expect(cost, key).toMatchObject({ tokens: expect.any(Number), typicalMs: expect.any(Number) })
        expect(
          Object.keys(cost).every((name) => ['tokens', 'typicalMs', 'renderMs', 'varies', 'note'].includes(name)),
          key,
        ).toBe(true)
        expect(String(operation.description).endsWith(costSentence(cost)), key).toBe(true)
      }
    }
  })

  it("counts a partner operation a token at least, and the ones outside the fair share (health, login, sign-up, the operator's) none", () => {
    const all = [...operationsOf(documents.bank), ...operationsOf(documents.sandbox)]
    const cost = (key: string) => all.find((o) => o.key === key)!.operation['x-sandbox-cost']
    expect(cost('GET /v1/simulations/{simulationUniqueId}').tokens).toBe(1)
    for (const key of ['GET /v1/health', 'POST /v1/authentication', 'POST /sandbox/signup', 'GET /sandbox/operator/partners']) expect(cost(key).tokens, key).toBe(0)
    // The listen command's reports are the sandbox's own traffic, with an allowance of their own.
    expect(cost('POST /sandbox/listen/{listenerId}/attempts').tokens).toBe(0)
    for (const key of all.filter((o) => (o.operation.security ?? []).some((s: Json) => 'bearerAuth' in s) && !o.key.includes('/attempts')).map((o) => o.key)) {
      expect(cost(key).tokens, key).toBeGreaterThanOrEqual(1)
    }
  })

  it("states an ESIS's render time apart, from the render budget, and says what makes a body or an upload cost more", () => {
    const bank: Record<string, Json> = Object.fromEntries(operationsOf(documents.bank).map((o) => [o.key, o.operation]))
    for (const key of ['GET /v1/simulations/{simulationUniqueId}/esis', 'GET /v1/processes/{processUniqueId}/esis', 'GET /v1/simulations/{simulationUniqueId}/esis/email']) {
      expect(bank[key]!['x-sandbox-cost'], key).toMatchObject({ renderMs: expect.any(Number), varies: expect.stringContaining("loan's term") })
      expect(bank[key]!.description, key).toContain('ms of its ESIS render budget')
    }
    expect(bank['POST /v1/simulations/validate']!['x-sandbox-cost'].varies).toContain('JSON body')
    expect(bank['POST /v1/processes/{processUniqueId}/document']!['x-sandbox-cost'].varies).toContain('10 tokens a MB')
  })

  it("explains the budgets once in each document's description", () => {
    for (const document of [documents.bank, documents.sandbox]) {
      expect(document.info.description).toContain('What requests cost')
      expect(document.info.description).toContain('x-sandbox-cost')
    }
  })
})
