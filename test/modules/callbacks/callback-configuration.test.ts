import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'

let sandbox: TestSandbox
beforeEach(async () => {
  sandbox = await createTestSandbox()
})

const URL_A = 'https://partner.example.com/mortgage/notifications'
const en = { 'Accept-Language': 'en' }

describe('PUT /{partnerUniqueID}/callbacks/{notificationType}', () => {
  it('creates a configuration (201) with a whsec_ secret, then keeps that secret when the URL changes (200)', async () => {
    const created = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    expect(created.status).toBe(201)
    expect(created.json.operationStatus.operationStatusCode).toBe('020101')
    const { signingSecret } = created.json.additionalData
    expect(created.json.additionalData).toEqual({ notificationType: 6, callbackUrl: URL_A, signingSecret: expect.stringMatching(/^whsec_/) })

    const updated = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/v2/hooks' } })
    expect(updated.status).toBe(200)
    expect(updated.json.additionalData).toEqual({ notificationType: 6, callbackUrl: 'https://partner.example.com/v2/hooks', signingSecret })
  })

  it('gives each type its own secret', async () => {
    const six = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    const seven = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/7`, { body: { callbackUrl: URL_A } })
    expect(six.json.additionalData.signingSecret).not.toBe(seven.json.additionalData.signingSecret)
  })

  it("answers 403 on another partner's path", async () => {
    const res = await sandbox.call('PUT', `/${PARTNER_B}/callbacks/6`, { body: { callbackUrl: URL_A }, headers: en })
    expect(res.status).toBe(403)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010504', errorField: 'partnerUniqueID' })
    expect(res.json.errors[0].errorMessage).toContain(PARTNER_B)
  })

  it.each([
    ['99', 400, '010106'],
    ['0', 400, '010104'],
    ['abc', 400, '010102'],
  ])('refuses notification type %s', async (type, status, code) => {
    const res = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: URL_A } })
    expect(res.status).toBe(status)
    expect(res.json.errors[0].errorCode).toBe(code)
  })

  it.each([
    ['http://partner.example.com/hooks', /must use https/],
    ['https://127.0.0.1/hooks', /127\.0\.0\.1, a loopback address/],
    ['https://localhost:8443/hooks', /loopback/],
    ['https://[::1]/hooks', /loopback/],
    ['https://10.20.30.40/hooks', /private/],
    ['https://192.168.1.1/hooks', /private/],
    ['https://100.64.1.1/hooks', /CGNAT/],
    ['https://169.254.169.254/latest/meta-data/', /metadata/],
    ['https://[fe80::1]/hooks', /link-local/],
    ['https://[fd00::1]/hooks', /private/],
    ['https://[2002:7f00:1::]/', /loopback/],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', /loopback/],
    ['https://[64:ff9b:1::a00:1]/hooks', /reserved/],
    ['https://user:pw@partner.example.com/hooks', /user name or password/],
    ['partner.example.com/hooks', /not a valid absolute URL/],
  ])('refuses %s by default', async (callbackUrl, message) => {
    const res = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl }, headers: en })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: 'callbackUrl', errorMessage: expect.stringMatching(message) })
  })

  it.each([
    ['http://localhost:3000/hooks', 'Field callbackUrl must use https (got http): it is an address of your own machine or network'],
    ['https://127.0.0.1:8443/hooks', 'The callbackUrl host resolves to 127.0.0.1, a loopback address: it is an address of your own machine or network'],
    ['https://192.168.1.20/hooks', 'The callbackUrl host resolves to 192.168.1.20, a private address: it is an address of your own machine or network'],
  ])('refuses %s, an address of the partner’s own machine, naming the listen command instead of a setting', async (callbackUrl, start) => {
    const res = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl }, headers: en })
    expect(res.status).toBe(400)
    const message = res.json.errors[0].errorMessage as string
    expect(message.startsWith(start), message).toBe(true)
    expect(
      message.endsWith(`which the sandbox cannot reach. Receive the notifications there with mortgage-sandbox listen: npx mortgage-sandbox listen --forward-to ${callbackUrl}`),
      message,
    ).toBe(true)
    expect(message).not.toContain('SANDBOX_CALLBACK_ALLOW')
  })

  it('refuses a missing or overlong callbackUrl', async () => {
    expect((await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: {} })).json.errors[0].errorCode).toBe('010101')
    const long = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: `https://partner.example.com/${'a'.repeat(2100)}` } })
    expect(long.status).toBe(400)
  })

  it('accepts http and loopback when SANDBOX_CALLBACK_ALLOW_HTTP and SANDBOX_CALLBACK_ALLOW_PRIVATE are set', async () => {
    const open = await createTestSandbox({ callbackAllowHttp: true, callbackAllowPrivate: true })
    const res = await open.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'http://127.0.0.1:9000/hooks' } })
    expect(res.status).toBe(201)
  })

  it('answers in Portuguese by default', async () => {
    const res = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'http://partner.example.com/' } })
    expect(res.json.errors[0].errorMessage).toMatch(/deve usar https/)
  })
})

describe('GET /{partnerUniqueID}/callbacks', () => {
  it('lists the configurations with the type description and never the whole secret', async () => {
    const created = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/7`, { body: { callbackUrl: URL_A } })
    await sandbox.call('PUT', `/${PARTNER_A}/callbacks/5`, { body: { callbackUrl: URL_A } })
    const res = await sandbox.call('GET', `/${PARTNER_A}/callbacks`, { headers: en })
    expect(res.status).toBe(200)
    expect(res.json.callbackList.map((c: { notificationType: number }) => c.notificationType)).toEqual([5, 7])
    const seven = res.json.callbackList[1]
    expect(seven).toEqual({
      notificationType: 7,
      notificationTypeDescription: 'New message',
      callbackUrl: URL_A,
      signingSecretPrefix: created.json.additionalData.signingSecret.slice(0, 10),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: 'active',
    })
    expect(seven).not.toHaveProperty('disabledReason')
    expect(JSON.stringify(res.json)).not.toContain(created.json.additionalData.signingSecret)
  })

  it("shows only the caller's partner and refuses another partner's path", async () => {
    await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    expect((await sandbox.call('GET', `/${PARTNER_B}/callbacks`, { token: sandbox.tokens.b })).json).toEqual({ callbackList: [] })
    expect((await sandbox.call('GET', `/${PARTNER_B}/callbacks`)).status).toBe(403)
    expect((await sandbox.call('GET', '/not-a-uuid/callbacks')).status).toBe(400)
  })

  it('needs a token', async () => {
    expect((await sandbox.call('GET', `/${PARTNER_A}/callbacks`, { token: null })).status).toBe(401)
  })
})

describe('DELETE /{partnerUniqueID}/callbacks/{notificationType}', () => {
  it('removes the configuration, then answers 404 the second time', async () => {
    await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    const first = await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: expect.any(String) } })
    const second = await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`, { headers: en })
    expect(second.status).toBe(404)
    expect(second.json.errors[0]).toMatchObject({ errorCode: '010404', errorMessage: 'There is no callback configuration for type 6.' })
    expect((await sandbox.call('GET', `/${PARTNER_A}/callbacks`)).json.callbackList).toEqual([])
  })

  it('gives a new secret when the type is registered again after a delete', async () => {
    const before = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    const after = await sandbox.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: URL_A } })
    expect(after.status).toBe(201)
    expect(after.json.additionalData.signingSecret).not.toBe(before.json.additionalData.signingSecret)
  })

  it("answers 403 on another partner's path and 400 for an unknown type", async () => {
    expect((await sandbox.call('DELETE', `/${PARTNER_B}/callbacks/6`)).status).toBe(403)
    expect((await sandbox.call('DELETE', `/${PARTNER_A}/callbacks/42`)).status).toBe(400)
  })
})
