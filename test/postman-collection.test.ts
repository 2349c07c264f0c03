import { serve, type ServerType } from '@hono/node-server'
import newman from 'newman'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiDocument } from '../src/openapi-document.ts'
import { postmanCollection } from '../scripts/postman-collection.ts'
import { createTestSandbox, type TestSandbox } from './support/test-app.ts'

let s: TestSandbox
let server: ServerType
let baseUrl: string
const committed = JSON.parse(readFileSync('contracts/postman.json', 'utf8'))

beforeAll(async () => {
  s = await createTestSandbox()
  server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening))
  })
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** The collection's items by name, however deep the folders. */
function requests(node: any): any[] {
  return node.request ? [node] : (node.item ?? []).flatMap(requests)
}

describe('the Postman collection', () => {
  it('is current: contracts/postman.json is what the OpenAPI document converts to (npm run postman)', async () => {
    expect(committed).toEqual(await postmanCollection(openApiDocument()))
  })

  it('is served at /postman.json without a token', async () => {
    const res = await s.call('GET', '/postman.json', { token: null })
    expect(res.status).toBe(200)
    expect(res.json).toEqual(committed)
  })

  it('runs with Newman against a sandbox: Authenticate stores the token, then Create, Detail and List answer', async () => {
    const wanted = ['Authenticate', 'Simulation Create', 'Simulation Detail', 'Simulation List']
    const all = requests(committed)
    const collection = { ...committed, item: wanted.map((name) => all.find((item) => item.name === name)) }
    expect(collection.item.every(Boolean)).toBe(true)
    const summary = await new Promise<newman.NewmanRunSummary>((resolve, reject) =>
      newman.run({ collection, envVar: [{ key: 'baseUrl', value: baseUrl }], reporters: [] }, (error, result) => (error ? reject(error) : resolve(result))),
    )
    const answers = summary.run.executions.map((e) => [e.item.name, e.response?.code])
    expect(answers).toEqual([
      ['Authenticate', 200],
      ['Simulation Create', 201],
      ['Simulation Detail', 200],
      ['Simulation List', 200],
    ])
    expect(summary.run.failures).toEqual([])
    const detail = JSON.parse(summary.run.executions[2]!.response!.stream!.toString())
    expect(detail.simulationDetail.simulationUniqueId ?? detail.simulationDetail.simulationUniqueID).toBeTruthy()
  })
})
