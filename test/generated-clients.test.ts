import { serve, type ServerType } from '@hono/node-server'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox } from './support/test-app.ts'

/**
 * Clients generated from the bank's document (contracts/openapi.json) as a partner would: with
 * @hey-api/openapi-ts (fetch client) and with openapi-typescript + openapi-fetch, compiled by the
 * repository's TypeScript with --strict under NodeNext, then played against a running sandbox.
 * docs/clients.md gives the same commands.
 */
const ROOT = resolve('.')
const DOCUMENT = join(ROOT, 'contracts', 'openapi.json')
const run = promisify(execFile)

const SIMULATION = JSON.parse(readFileSync(DOCUMENT, 'utf8')).paths['/v1/simulations'].post.requestBody.content['application/json']
const simulationExample = SIMULATION.example ?? (Object.values(SIMULATION.examples ?? {})[0] as { value: unknown }).value

/** What each journey reports, for the test to check. */
interface Played {
  simulationUniqueID: string
  processUniqueID: string
  submitStatus: number
  refusedFields: string[]
  retryAfter: number
}

// Played by the hey-api client: its functions are the operation ids.
const HEY_API_JOURNEY = `
import { authenticate, processCreate, processSubmit, simulationCreate } from './hey/index.js'
import { client } from './hey/client.gen.js'

export async function play(baseUrl: string, example: unknown) {
  client.setConfig({ baseUrl, headers: { 'Accept-Language': 'en' } })
  const login = await authenticate({ body: { username: 'broker-a', password: 'sandbox' } })
  if (!login.data) throw new Error('login refused: ' + JSON.stringify(login.error))
  client.setConfig({ headers: { Authorization: 'Bearer ' + login.data.accessToken, 'Accept-Language': 'en' } })
  const created = await simulationCreate({ body: example as never })
  if (!created.data) throw new Error('simulation refused: ' + JSON.stringify(created.error))
  const simulationUniqueID: string = created.data.additionalData.simulationUniqueID
  const process = await processCreate({ body: { simulationUniqueId: simulationUniqueID } })
  if (!process.data) throw new Error('process refused: ' + JSON.stringify(process.error))
  const processUniqueID: string = process.data.additionalData.processUniqueID
  const submitted = await processSubmit({ path: { processUniqueId: processUniqueID } })
  const refusedFields: string[] = submitted.error ? submitted.error.errors.map((e) => e.errorField) : []
  // 429429 is the rate-limited scenario's magic amount: the sandbox answers 429 with Retry-After.
  const limited = await simulationCreate({ body: { ...(example as object), loanSimulator: { ...(example as any).loanSimulator, loanAmount: 429429 } } as never })
  const retryAfter = Number(limited.response.headers.get('Retry-After'))
  return { simulationUniqueID, processUniqueID, submitStatus: submitted.response.status, refusedFields, retryAfter }
}
`

// Played by openapi-fetch over openapi-typescript's types: Retry-After read through the declared header's type.
const OPENAPI_FETCH_JOURNEY = `
import createClient from 'openapi-fetch'
import type { paths } from './schema.js'

type RetryAfter = paths['/v1/simulations']['post']['responses'][429]['headers']['Retry-After']

export async function play(baseUrl: string, example: unknown) {
  const client = createClient<paths>({ baseUrl, headers: { 'Accept-Language': 'en' } })
  const login = await client.POST('/v1/authentication', { body: { username: 'broker-a', password: 'sandbox' } })
  if (!login.data) throw new Error('login refused: ' + JSON.stringify(login.error))
  const headers = { Authorization: 'Bearer ' + login.data.accessToken }
  const created = await client.POST('/v1/simulations', { headers, body: example as never })
  if (!created.data) throw new Error('simulation refused: ' + JSON.stringify(created.error))
  const simulationUniqueID: string = created.data.additionalData.simulationUniqueID
  const process = await client.POST('/v1/processes', { headers, body: { simulationUniqueId: simulationUniqueID } })
  if (!process.data) throw new Error('process refused: ' + JSON.stringify(process.error))
  const processUniqueID: string = process.data.additionalData.processUniqueID
  const submitted = await client.POST('/v1/processes/{processUniqueId}/submit', { headers, params: { path: { processUniqueId: processUniqueID } } })
  const refusedFields: string[] = submitted.error ? submitted.error.errors.map((e) => e.errorField) : []
  const limited = await client.POST('/v1/simulations', { headers, body: { ...(example as object), loanSimulator: { ...(example as any).loanSimulator, loanAmount: 429429 } } as never })
  const retryAfter: RetryAfter = Number(limited.response.headers.get('Retry-After'))
  return { simulationUniqueID, processUniqueID, submitStatus: submitted.response.status, refusedFields, retryAfter }
}
`

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
    outDir: 'out',
    rootDir: '.',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  },
  include: ['**/*.ts'],
  exclude: ['out', 'node_modules'],
}

let folder: string
let server: ServerType
let baseUrl: string

beforeAll(async () => {
  // A node_modules link lets Node and tsc find openapi-fetch; the folder is gone at the end.
  folder = mkdtempSync(join(tmpdir(), 'sandbox-clients-'))
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir')
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }))
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG))
  const s = await createTestSandbox()
  server = await new Promise<ServerType>((done) => {
    const listening = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(listening))
  })
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`

  const { createClient } = await import('@hey-api/openapi-ts')
  // importFileExtension '.js': the generated imports then resolve under NodeNext (without it they have none).
  await createClient({ input: DOCUMENT, output: { path: join(folder, 'hey'), importFileExtension: '.js' }, plugins: ['@hey-api/client-fetch'], logs: { level: 'silent' } } as never)
  const { default: openapiTS, astToString } = await import('openapi-typescript')
  writeFileSync(join(folder, 'schema.ts'), astToString(await openapiTS(pathToFileURL(DOCUMENT))))
  writeFileSync(join(folder, 'hey-journey.ts'), HEY_API_JOURNEY)
  writeFileSync(join(folder, 'fetch-journey.ts'), OPENAPI_FETCH_JOURNEY)
}, 180_000)

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()))
  rmSync(folder, { recursive: true, force: true })
})

describe("clients generated from the bank's document", () => {
  it("compile with tsc --strict under NodeNext (the repository's TypeScript)", async () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
    const compiled = await run(process.execPath, [tsc, '-p', folder], { cwd: folder }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }))
    expect('failed' in compiled ? compiled.stdout : '').toBe('')
  }, 180_000)

  it.each([
    ['@hey-api/openapi-ts (fetch client)', 'hey-journey.js'],
    ['openapi-typescript + openapi-fetch', 'fetch-journey.js'],
  ])(
    '%s plays a journey: simulation, process, a submission refused by field, a 429 read through Retry-After',
    async (_, file) => {
      const { play } = (await import(pathToFileURL(join(folder, 'out', file)).href)) as { play: (baseUrl: string, example: unknown) => Promise<Played> }
      const played = await play(baseUrl, simulationExample)
      expect(played.simulationUniqueID).toMatch(/^[0-9a-f-]{36}$/)
      expect(played.processUniqueID).toMatch(/^[0-9a-f-]{36}$/)
      expect(played.submitStatus).toBe(400)
      expect(played.refusedFields.length).toBeGreaterThan(0)
      expect(played.refusedFields.every((field) => field.length > 0)).toBe(true)
      expect(played.retryAfter).toBe(10)
    },
    60_000,
  )
})
