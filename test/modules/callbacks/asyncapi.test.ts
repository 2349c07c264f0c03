import { Parser } from '@asyncapi/parser'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asyncApiDocumentText } from '../../../src/app/openapi-document.ts'
import { NOTIFICATION_TYPES } from '../../../src/modules/callbacks/notification-types.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { draftProcess } from '../processes/process-fixtures.ts'

const PUBLIC_URL = 'https://sandbox.bank.example'

/** Every notification of the caller's broker in the delivery log, oldest pages included. */
async function deliveredBodies(s: TestSandbox) {
  const bodies: Array<{ notificationType: string }> = []
  let next = ''
  for (;;) {
    const page = (await s.call('GET', `/sandbox/deliveries?lineCount=100${next}`)).json
    bodies.push(...page.deliveryList.map((d: { notification: { notificationType: string } }) => d.notification))
    if (!page.hasMoreResults) return bodies
    next = `&nextRecord=${page.deliveryList.at(-1).notificationId}`
  }
}

describe('GET /asyncapi.json', () => {
  let s: TestSandbox
  beforeAll(async () => {
    s = await createTestSandbox({ publicUrl: PUBLIC_URL })
  })
  afterAll(() => s.db.close())

  it('is an AsyncAPI 3.0 document the AsyncAPI parser reads without an error: a channel, message and receive operation per type, the echo operation, the hosted server', async () => {
    const res = await s.call('GET', '/asyncapi.json', { token: null })
    expect(res.status).toBe(200)
    const { document, diagnostics } = await new Parser().parse(res.json)
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([])
    expect(document).toBeDefined()
    expect(document!.version()).toBe('3.0.0')
    for (const type of NOTIFICATION_TYPES) {
      const channel = document!.channels().get(type.code)
      expect(channel, type.code).toBeDefined()
      const message = channel!.messages().all()[0]!
      expect((message.payload()!.json() as { properties: Record<string, unknown> }).properties.notificationType).toMatchObject({ enum: [type.code] })
      expect(Object.keys((message.headers()!.json() as { properties: Record<string, unknown> }).properties)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'user-agent',
      ])
    }
    expect(
      document!
        .operations()
        .all()
        .filter((o) => o.action() === 'receive'),
    ).toHaveLength(NOTIFICATION_TYPES.length)
    expect(document!.operations().get('callbackEcho')!.action()).toBe('send')
    expect(
      document!
        .servers()
        .all()
        .map((server) => `${server.protocol()}://${server.host()}`),
    ).toContain(PUBLIC_URL)
  })

  it('holds every type delivered in a journey to its message schema', async () => {
    // A journey's own notifications (created, status changes, a bank message), then one of every type.
    const { processUniqueId } = await draftProcess(s)
    await s.call('POST', `/sandbox/processes/${processUniqueId}/message`, { body: { messageText: 'Falta o IRS.' } })
    await s.call('POST', `/sandbox/processes/${processUniqueId}/status`, { body: { processStatusId: 2 } })
    for (const type of NOTIFICATION_TYPES) expect((await s.call('POST', '/sandbox/trigger', { body: { notificationType: type.code } })).status).toBe(201)

    const { document } = await new Parser().parse((await s.call('GET', '/asyncapi.json', { token: null })).json)
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats.default(ajv)
    const validators = new Map<string, ReturnType<typeof ajv.compile>>(
      NOTIFICATION_TYPES.map((t) => [t.code, ajv.compile(document!.channels().get(t.code)!.messages().all()[0]!.payload()!.json())]),
    )
    const bodies = await deliveredBodies(s)
    expect(new Set(bodies.map((b) => b.notificationType))).toEqual(new Set(NOTIFICATION_TYPES.map((t) => t.code)))
    for (const body of bodies) {
      const validate = validators.get(body.notificationType)!
      expect(validate(body), `${body.notificationType}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(body)}`).toBe(true)
    }
  })

  it('is linked from /docs, and printed by mortgage-sandbox asyncapi naming the server given', async () => {
    expect((await s.call('GET', '/docs', { token: null })).text).toContain('href="/asyncapi.json"')
    const printed = JSON.parse(asyncApiDocumentText(PUBLIC_URL))
    expect(printed.servers).toEqual({ sandbox: { host: 'sandbox.bank.example', protocol: 'https', description: 'The sandbox' } })
    expect(Object.keys(printed.channels)).toEqual([...NOTIFICATION_TYPES.map((t) => t.code), 'callbackEcho'])
  })
})
