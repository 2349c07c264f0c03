import { beforeAll, describe, expect, it } from 'vitest'
import { draftProcess } from '../processes/process-fixtures.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
let doc: any
beforeAll(async () => {
  s = await createTestSandbox()
  doc = (await s.call('GET', '/openapi/sandbox.json')).json
})

const CONTROL_API = [
  'post /sandbox/simulations/{simulationUniqueId}/status',
  'post /sandbox/processes/{processUniqueId}/status',
  'post /sandbox/simulations/{simulationUniqueId}/message',
  'post /sandbox/processes/{processUniqueId}/message',
  'get /sandbox/mailbox',
  'get /sandbox/mailbox/{messageId}/attachment',
  'get /sandbox/jobs',
  'post /sandbox/reset',
  'get /sandbox/scenarios',
  'get /sandbox/deliveries',
]
const operation = (key: string) => {
  const [method, path] = key.split(' ') as [string, string]
  return doc.paths[path]?.[method]
}
const exampleOf = (key: string) => operation(key).requestBody.content['application/json'].example

describe('the control API in the OpenAPI document', () => {
  it.each(CONTROL_API)("documents %s under the Sandbox tag, as not part of the bank's API, behind the bearer token", (key) => {
    const op = operation(key)
    expect(op, key).toBeDefined()
    expect(op.tags).toEqual(['Sandbox'])
    expect(op.description).toMatch(/not part of the bank's API/)
    expect(op.security).toEqual([{ bearerAuth: [] }])
  })

  it('has body examples that work as they are', async () => {
    const simulation = (await createSimulation(s)).id
    const toExpire = await s.call('POST', `/sandbox/simulations/${simulation}/status`, { body: exampleOf(CONTROL_API[0]!) })
    expect(toExpire.status, toExpire.text).toBe(200)

    const { processUniqueId } = await draftProcess(s)
    await s.call('POST', `/sandbox/processes/${processUniqueId}/status`, { body: { processStatusId: 2 } })
    const toReject = await s.call('POST', `/sandbox/processes/${processUniqueId}/status`, { body: exampleOf(CONTROL_API[1]!) })
    expect(toReject.status, toReject.text).toBe(200)

    for (const [key, id] of [
      [CONTROL_API[2]!, simulation],
      [CONTROL_API[3]!, processUniqueId],
    ] as const) {
      const path = key.split(' ')[1]!.replace(/\{\w+\}/, id)
      const res = await s.call('POST', path, { body: exampleOf(key) })
      expect(res.status, `${key} ${res.text}`).toBe(201)
    }
  })
})
