import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation } from './simulation-fixtures.ts'

let s: TestSandbox
let doc: any
beforeAll(async () => {
  s = await createTestSandbox()
  doc = (await s.call('GET', '/openapi.json', { token: null })).json
})

const OPERATIONS: Array<[string, string, string]> = [
  ['get', '/v1/simulations', 'Simulations'],
  ['post', '/v1/simulations', 'Simulations'],
  ['post', '/v1/simulations/validate', 'Simulations'],
  ['get', '/v1/simulations/{simulationUniqueId}', 'Simulations'],
  ['patch', '/v1/simulations/{simulationUniqueId}', 'Simulations'],
  ['delete', '/v1/simulations/{simulationUniqueId}', 'Simulations'],
  ['get', '/v1/simulations/{simulationUniqueId}/esis', 'SimulationsESIS'],
  ['get', '/v1/simulations/{simulationUniqueId}/esis/email', 'SimulationsESIS'],
  ['get', '/v1/simulations/{simulationUniqueId}/message', 'SimulationsMessages'],
  ['post', '/v1/simulations/{simulationUniqueId}/message', 'SimulationsMessages'],
]

const exampleOf = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].example

describe('OpenAPI document of the simulation groups', () => {
  it.each(OPERATIONS)('documents %s %s with its tag, bearer security, descriptions and errors', (method, path, tag) => {
    const operation = doc.paths[path]?.[method]
    expect(operation, `${method} ${path}`).toBeDefined()
    expect(operation.tags).toEqual([tag])
    expect(operation.security).toEqual([{ bearerAuth: [] }])
    expect(operation.description.length).toBeGreaterThan(80)
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '500']))
    const success = operation.responses['200'] ?? operation.responses['201']
    const schema = success.content['application/json']?.schema ?? success.content['application/pdf']?.schema
    if (success.content['application/json']) expect(schema.$ref).toMatch(/^#\/components\/schemas\//)
    const body = operation.requestBody?.content['application/json']
    if (body) {
      expect(body.schema.$ref).toMatch(/^#\/components\/schemas\//)
      expect(body.example).toBeDefined()
    }
  })

  it('registers the document field names as they are spelled there', () => {
    const schemas = doc.components.schemas
    expect(Object.keys(schemas.BorrowersSimulator.properties)).toContain('numberOfborrowers')
    expect(Object.keys(schemas.SimulationResult.properties)).toEqual(['simulationUniqueID', 'simulationNumber', 'elegibility', 'nonElegibilityDescription'])
    expect(schemas.SimulationResult.properties.simulationNumber.type).toBe('string')
    expect(schemas.SimulationListItem.properties.branchID.type).toBe('integer')
    expect(schemas.SimulationDetailSection.properties.branchId.type).toBe('string')
    expect(schemas.LoanSimulationDetail.properties.loanPurposeId.type).toBe('string')
    expect(schemas.SimulationInput.additionalProperties).toBe(false)
  })

  it('has a Create example that creates an eligible simulation as it is', async () => {
    const res = await s.call('POST', '/v1/simulations', { body: exampleOf('post', '/v1/simulations') })
    expect(res.status).toBe(201)
    expect(res.json.additionalData.elegibility).toBe(true)
  })

  it('has a Validate example without problems', async () => {
    const res = await s.call('POST', '/v1/simulations/validate', { body: exampleOf('post', '/v1/simulations/validate') })
    expect(res.json).toEqual({ errors: [] })
  })

  it.each([
    ['patch', '/v1/simulations/{simulationUniqueId}', 200],
    ['post', '/v1/simulations/{simulationUniqueId}/message', 201],
    ['delete', '/v1/simulations/{simulationUniqueId}', 200],
  ])('has a %s %s example that succeeds on an existing simulation', async (method, path, status) => {
    const { id } = await createSimulation(s)
    const res = await s.call(method.toUpperCase(), path.replace('{simulationUniqueId}', id), { body: exampleOf(method, path) })
    expect(res.status, res.text).toBe(status)
  })

  it('has an ESIS Email example address that is accepted', async () => {
    const { id } = await createSimulation(s)
    const param = doc.paths['/v1/simulations/{simulationUniqueId}/esis/email'].get.parameters.find((p: { name: string }) => p.name === 'email')
    const res = await s.call('GET', `/v1/simulations/${id}/esis/email?email=${encodeURIComponent(param.schema.example ?? param.example)}`)
    expect(res.status).toBe(200)
  })
})
