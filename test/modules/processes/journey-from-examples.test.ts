import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../../src/app/openapi-document.ts'
import { createTestSandbox } from '../../support/test-app.ts'
import { borrowerIds, borrowerPath, processPath, uploadMandatoryDocuments } from './process-fixtures.ts'

const document = openApiDocument() as any
const body = (method: string, path: string) => document.paths[path][method].requestBody.content['application/json']
/** The request example of an operation, or one of its named examples. */
const exampleOf = (method: string, path: string, name?: string) => {
  const content = body(method, path)
  if (name) return content.examples[name].value
  return content.example ?? document.components.schemas[content.schema.$ref.split('/').pop()].example
}

describe("the documented journey, played from the OpenAPI document's own examples", () => {
  it('goes from the Simulation Create example to a submitted process: the examples compose', async () => {
    const s = await createTestSandbox()
    const ok = <R extends { status: number; text: string }>(res: R, status = 200): R => {
      expect(res.status, res.text).toBe(status)
      return res
    }

    // Simulation Create, as the example has it: an eligible simulation.
    const simulation = ok(await s.call('POST', '/v1/simulations', { body: exampleOf('post', '/v1/simulations') }), 201).json.additionalData
    expect(simulation.elegibility).toBe(true)

    // Process Create, the example's id replaced by the simulation just made.
    const processExample = exampleOf('post', '/v1/processes')
    expect(Object.keys(processExample)).toEqual(['simulationUniqueId'])
    const { processUniqueID } = ok(await s.call('POST', '/v1/processes', { body: { simulationUniqueId: simulation.simulationUniqueID } }), 201).json.additionalData

    // Borrower Update: the two borrowers Process Create copied, completed by the named examples.
    const [key, co] = await borrowerIds(s, processUniqueID)
    const update = '/v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}'
    ok(await s.call('PUT', borrowerPath(processUniqueID, key), { body: exampleOf('put', update, 'keyBorrowerComplete') }))
    ok(await s.call('PUT', borrowerPath(processUniqueID, co), { body: exampleOf('put', update, 'coBorrowerComplete') }))

    // Documents (multipart: the document has no example to play), then the Property Update example.
    await uploadMandatoryDocuments(s, processUniqueID)
    const [property] = (await s.call('GET', processPath(processUniqueID, '/property'))).json.propertyList
    ok(
      await s.call('PUT', processPath(processUniqueID, `/property/${property.propertyUniqueId}`), {
        body: exampleOf('put', '/v1/processes/{processUniqueId}/property/{propertyUniqueId}'),
      }),
    )

    // Submit: nothing missing.
    const submitted = await s.call('POST', processPath(processUniqueID, '/submit'))
    expect(submitted.json.errors ?? [], submitted.text).toEqual([])
    expect(submitted.status).toBe(200)
  })
})
