import { describe, expect, it } from 'vitest'
import { openApiDocuments } from '../../src/app/openapi-document.ts'
import { ERRORS, SUCCESS_CODE } from '../../src/common/error-catalogue.ts'

type Json = Record<string, any>
const METHODS = ['get', 'put', 'post', 'delete', 'patch']
const documents = openApiDocuments()
const statusOfCode = new Map(Object.values(ERRORS).map((e) => [e.code, e.status]))

/** Every JSON error response of a document: its operation, status and example. */
const errorResponsesOf = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .flatMap(([method, operation]) =>
        Object.entries((operation as Json).responses as Json)
          .filter(([status, response]) => Number(status) >= 400 && (response as Json).content?.['application/json'])
          .map(([status, response]) => ({
            where: `${method.toUpperCase()} ${path} ${status}`,
            status: Number(status),
            example: (response as Json).content['application/json'].example,
          })),
      ),
  )

describe('the error examples of the documents', () => {
  it('gives every error response a real body of its own status, never a success status', () => {
    const responses = [...errorResponsesOf(documents.bank), ...errorResponsesOf(documents.sandbox)]
    expect(responses.length).toBeGreaterThan(100)
    for (const { where, status, example } of responses) {
      expect(example, where).toMatchObject({ operationStatus: { operationStatusCode: expect.any(String), operationStatusMessage: expect.any(String) }, errors: expect.any(Array) })
      expect(example.operationStatus.operationStatusCode, where).not.toBe(SUCCESS_CODE)
      expect(example.errors.length, where).toBeGreaterThan(0)
      for (const error of example.errors) expect(statusOfCode.get(error.errorCode), `${where} ${error.errorCode}`).toBe(status)
    }
  })

  it('names the field of a 400, the token of a 401, the unknown id of a 404 and the quota of a 409', () => {
    const responses = Object.fromEntries(errorResponsesOf(documents.bank).map((r) => [r.where, r.example]))
    const of = (where: string) => responses[where].errors[0]
    expect(of('POST /v1/simulations 400')).toMatchObject({ errorCode: '010101', errorField: 'loanSimulator.loanAmount' })
    expect(responses['POST /v1/simulations 400'].operationStatus.operationStatusCode).toBe('010100')
    expect(of('GET /v1/simulations/{simulationUniqueId} 401')).toMatchObject({ errorCode: '010501', errorField: 'Authorization' })
    expect(of('GET /v1/simulations/{simulationUniqueId} 404')).toMatchObject({
      errorCode: '010401',
      errorField: 'simulationUniqueId',
      errorMessage: expect.stringMatching(/^Simulação não encontrada: /),
    })
    expect(of('POST /v1/simulations 409')).toMatchObject({ errorCode: '010605', errorField: 'simulations' })
  })
})
