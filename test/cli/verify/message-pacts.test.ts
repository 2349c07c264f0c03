import { MatchersV3, MessageConsumerPact, PactV4, synchronousBodyHandler } from '@pact-foundation/pact'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, get as httpGet } from 'node:http'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp-dir.ts'
import { PARTNER_A, verify } from './support/pact-files.ts'

const { integer, regex, string } = MatchersV3
const PROVIDER = 'mortgage-partner-portal'
const SIMULATION = '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10'
const PROCESS = '2f8e3d4c-6a7b-4c9d-8e1f-3a4b5c6d7e8f'

/** A V3 message pact of one consumer, written by the Pact DSL into a folder of its own. */
function v3Messages(consumer: string) {
  const dir = tempDir('sandbox-message-pact')
  return { dir, pact: () => new MessageConsumerPact({ consumer, provider: PROVIDER, dir, logLevel: 'error' }) }
}

/** The consumer's handler: it reads what it relies on and throws when it is missing. */
const handler = (fields: string[]) =>
  synchronousBodyHandler((body) => {
    const data = (body as { data: Record<string, unknown> }).data
    for (const field of fields) if (data[field] === undefined) throw new Error(`missing data.${field}`)
  })

const decision = (data: Record<string, unknown>) => ({
  notificationId: regex(/^msg_\w+$/, 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E'),
  notificationType: 'PROCESS_DECISION',
  notificationTypeId: 9,
  partnerUniqueID: PARTNER_A,
  processUniqueId: PROCESS,
  test: false,
  data,
})

describe('mortgage-sandbox verify, on message pacts', () => {
  it('verifies a V3 message pact and a V4 pact mixing an asynchronous message with an HTTP interaction, both written with the Pact DSL', async () => {
    const v3 = v3Messages('webhook-handler-v3')
    await v3
      .pact()
      .given({ name: 'a submitted process exists', params: { processUniqueId: PROCESS } })
      .expectsToReceive("the bank's decision")
      .withContent(decision({ decision: regex(/^(APPROVED|REJECTED)$/, 'APPROVED'), processStatusId: integer(4), processStatusDescription: string('Aprovado') }))
      .withMetadata({ notificationType: 'PROCESS_DECISION', contentType: 'application/json', 'webhook-signature': regex(/^v1,\S+$/, 'v1,c2lnbmF0dXJl') })
      .verify(handler(['decision']))
    await v3
      .pact()
      .given({ name: 'a simulation has a bank message', params: { simulationUniqueId: SIMULATION } })
      .expectsToReceive('a NEW_MESSAGE of the bank on a simulation')
      .withContent({ notificationType: 'NEW_MESSAGE', simulationUniqueId: SIMULATION, data: { messageText: string('Precisamos do recibo.'), origin: 'BANK' } })
      .verify(handler(['messageText']))

    const v4Dir = tempDir('sandbox-v4-pact')
    const v4 = new PactV4({ consumer: 'webhook-handler-v4', provider: PROVIDER, dir: v4Dir, logLevel: 'error' })
    await v4
      .addAsynchronousInteraction()
      .given('a simulation exists', { simulationUniqueId: SIMULATION })
      .expectsToReceive('a simulation that expired', (message) => {
        message
          .withJSONContent({ notificationTypeId: 8, simulationUniqueId: SIMULATION, data: { simulationStatusId: integer(5), previousSimulationStatusId: integer(1) } })
          .withMetadata({ notificationType: '8', 'webhook-id': regex(/^msg_\w+$/, 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E') })
      })
      .executeTest(async (message) => message)
    await v4
      .addInteraction()
      .given('a simulation exists', { simulationUniqueId: SIMULATION })
      .uponReceiving('a request for the simulation')
      .withRequest('GET', `/v1/simulations/${SIMULATION}`, (request) => request.headers({ Authorization: 'Bearer any' }))
      .willRespondWith(200, (response) => response.jsonBody({ simulationDetail: { simulationUniqueId: SIMULATION } }))
      .executeTest(async (server) => {
        // A connection of its own (no pooled keep-alive socket of an earlier test in this process to a
        // port the mock server now holds), and an error of the call raised rather than hidden behind
        // Pact's "expected but not received".
        const status = await getOnFreshConnection(`${server.url}/v1/simulations/${SIMULATION}`, { Authorization: 'Bearer any' })
        expect(status).toBe(200)
      })
    expect(readdirSync(v4Dir)).toHaveLength(1)

    const { code, out } = await verify('--pact', v3.dir, '--pact', v4Dir)
    expect(out).toContain('Result: PASSED: 4 interaction(s) verified')
    expect(code).toBe(0)
    // The static check reads the HTTP part of the mixed file, and leaves a pact of messages alone.
    const statically = await verify('--static', '--pact', v3.dir, '--pact', v4Dir)
    expect(statically.out).toMatch(/SKIP\s+.*webhook-handler-v3-mortgage-partner-portal\.json/)
    expect(statically.out).toMatch(/OK\s+.*webhook-handler-v4-mortgage-partner-portal\.json/)
    expect(statically.code).toBe(0)
  })

  it('fails the wrong pact, a message with a field the bank never sends, naming the field', async () => {
    const wrong = v3Messages('wrong-webhook-handler')
    await wrong
      .pact()
      .given({ name: 'a submitted process exists', params: { processUniqueId: PROCESS } })
      .expectsToReceive("the bank's decision with the amount approved")
      .withContent(decision({ decision: string('APPROVED'), approvedAmount: integer(200000) }))
      .withMetadata({ notificationType: 'PROCESS_DECISION' })
      .verify(handler(['approvedAmount']))
    const { code, out } = await verify('--pact', wrong.dir)
    expect(code).toBe(1)
    expect(out).toContain('Result: FAILED: 1 of 1 interaction(s) failed')
    expect(out).toMatch(/"the bank's decision with the amount approved" \(given a submitted process exists\)\n\s+- body \$\.data: .*approvedAmount/)
  })

  it('fails a message whose kind it cannot tell, or that its states cannot make, naming the known kinds and what the kind needs', async () => {
    const unknown = v3Messages('unknown-kinds')
    const body = { notificationId: regex(/^msg_\w+$/, 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E') }
    await unknown
      .pact()
      .expectsToReceive('a notification of something')
      .withContent(body)
      .verify(async () => undefined)
    await unknown
      .pact()
      .expectsToReceive('a loan disbursement')
      .withContent(body)
      .withMetadata({ notificationType: 'LOAN_DISBURSED' })
      .verify(async () => undefined)
    await unknown
      .pact()
      .given({ name: 'a completed simulation exists', params: { simulationUniqueId: SIMULATION } })
      .expectsToReceive('a completed simulation that expired')
      .withContent(body)
      .withMetadata({ notificationType: 'SIMULATION_EXPIRED' })
      .verify(async () => undefined)
    const { code, out } = await verify('--pact', unknown.dir)
    expect(code).toBe(1)
    expect(out).toContain('Result: FAILED: 3 of 3 interaction(s) failed')
    expect(out).toMatch(
      /"a notification of something"\n\s+- Message "a notification of something" names no notification type: .*Known types: PROCESS_CREATED \(1\), DOCUMENT_REQUESTED \(2\), .*VALUATION_COMPLETED \(12\)\./,
    )
    expect(out).toMatch(/- Message "a loan disbursement": metadata notificationType "LOAN_DISBURSED" is not a notification type of the bank\. Known types: PROCESS_CREATED \(1\)/)
    expect(out).toMatch(
      /- Message "a completed simulation that expired": SIMULATION_EXPIRED cannot be made from its provider states \("a completed simulation exists"\): .*COMPLETED.* SIMULATION_EXPIRED is made from a simulation: /,
    )
  })
})

/** GET on a connection opened for it alone; resolves the status once the body is read. */
function getOnFreshConnection(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = httpGet(url, { headers, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    request.on('error', (error) => reject(new Error(`GET ${url} failed: ${error.message}`)))
  })
}

/** A Pact Broker of one pact, as far as the verifier and the sandbox read one: its index, the pacts for verification, the pact. */
async function startFakeBroker(pact: unknown) {
  const asked: string[] = []
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`)
    req.resume()
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const json = (body: unknown) => res.writeHead(200, { 'Content-Type': 'application/hal+json' }).end(JSON.stringify(body))
    if (req.url === '/') return json({ _links: { 'pb:provider-pacts-for-verification': { href: `${base}/pacts/provider/{provider}/for-verification`, templated: true } } })
    if (req.url === `/pacts/provider/${PROVIDER}/for-verification`) {
      return json({
        _embedded: {
          pacts: [
            {
              shortDescription: 'latest from main',
              verificationProperties: { pending: false, notices: [] },
              _links: { self: { href: `${base}/pacts/one`, name: 'the webhook handler' } },
            },
          ],
        },
        _links: { self: { href: `${base}${req.url}` } },
      })
    }
    if (req.url === '/pacts/one') return json({ ...(pact as object), _links: { self: { href: `${base}/pacts/one` } } })
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('mortgage-sandbox verify, on message pacts from a Pact Broker', () => {
  it('reads the kind of each message from the pact the broker gives, as it does from a file', async () => {
    const fromBroker = v3Messages('webhook-handler-of-the-broker')
    // Its description names no code: only the metadata the broker's pact carries tells the kind.
    await fromBroker
      .pact()
      .given({ name: 'a submitted process exists', params: { processUniqueId: PROCESS } })
      .expectsToReceive("the bank's answer on a process")
      .withContent(decision({ decision: string('APPROVED') }))
      .withMetadata({ notificationType: '9' })
      .verify(handler(['decision']))
    const [file] = readdirSync(fromBroker.dir)
    const broker = await startFakeBroker(JSON.parse(readFileSync(`${fromBroker.dir}/${file}`, 'utf8')))
    try {
      const { code, out } = await verify('--broker-url', broker.url)
      expect(out).toContain('Result: PASSED: 1 interaction(s) verified')
      expect(code).toBe(0)
      expect(broker.asked).toContain(`POST /pacts/provider/${PROVIDER}/for-verification`)
    } finally {
      await broker.close()
    }
  })
})
