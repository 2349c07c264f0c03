import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../../src/platform/config.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { errorOf, signUp, type SignedUp } from '../partners/partner-support.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { startSmtpSink } from './smtp-sink.ts'

let sink: Awaited<ReturnType<typeof startSmtpSink>>
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(() => sink.close())

/** A sandbox relaying to the test's SMTP server, and a partner signed up on it (contact dev@<name>.example). */
async function relayingSandbox(name: string, more: Partial<Config> = {}) {
  const s = await createTestSandbox({ smtpUrl: sink.url, ...more })
  const partner = await signUp(s, name)
  return { s, partner }
}

const EN = { 'Accept-Language': 'en' }
/** Moves the machine's clock; the partner logs in again (its token lives an hour). */
async function later(s: TestSandbox, partner: SignedUp, ms: number) {
  s.clock.advance(ms)
  partner.token = await s.login(partner.username, partner.password)
}
const receivedBy = (address: string) => sink.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()))
/** The code of the last verification e-mail the address received (quoted-printable lines unfolded). */
const codeSentTo = (address: string) => {
  const raw = receivedBy(address).at(-1)?.raw.replace(/=\r\n/g, '') ?? ''
  return /24 (?:hours|horas): (\d{6})/.exec(raw)?.[1]
}
const esisTo = (s: TestSandbox, partner: SignedUp, simulationId: string, email: string) =>
  s.call('GET', `/v1/simulations/${simulationId}/esis/email?email=${encodeURIComponent(email)}`, { token: partner.token })
const addRecipient = (s: TestSandbox, partner: SignedUp, email: string) =>
  s.call('POST', '/sandbox/account/mail-recipients', { token: partner.token, body: { email }, headers: EN })
const verify = (s: TestSandbox, partner: SignedUp, recipientId: string, code: string) =>
  s.call('POST', `/sandbox/account/mail-recipients/${recipientId}/verify`, { token: partner.token, body: { code } })

describe('ESIS e-mail relayed only where it belongs', () => {
  it('relays to no address nobody verified: it is kept in the mailbox, withheld, and never reaches the SMTP server', async () => {
    const { s, partner } = await relayingSandbox('Relay Fechado')
    const { id } = await createSimulation(s, undefined, partner.token)

    const strangers = Array.from({ length: 3 }, (_, n) => `vitima-${n}@terceiros.example`)
    for (const stranger of strangers) {
      const res = await esisTo(s, partner, id, stranger)
      expect(res.status).toBe(200)
      expect(res.json.additionalData.relayStatus).toBe('withheld')
    }
    expect(strangers.flatMap(receivedBy)).toEqual([])
    const mailbox = (await s.call('GET', '/sandbox/mailbox', { token: partner.token })).json.mailList
    expect(mailbox.filter((m: { relayStatus: string; to: string }) => m.relayStatus === 'withheld' && strangers.includes(m.to))).toHaveLength(3)
  })

  it("sends the sign-up's contact address a code, not the welcome, and relays to it only once the code comes back", async () => {
    const { s, partner } = await relayingSandbox('Contacto Novo')
    const { id } = await createSimulation(s, undefined, partner.token)
    const contact = 'dev@contacto-novo.example'
    // Whoever signs up names the address: all it gets is the code, as any other recipient.
    expect(receivedBy(contact)).toHaveLength(1)
    const code = codeSentTo(contact)
    expect(code).toMatch(/^\d{6}$/)
    const mailbox = (await s.call('GET', '/sandbox/mailbox', { token: partner.token })).json.mailList as Array<{ subject: string; relayStatus: string; text: string }>
    expect(mailbox.find((m) => /Bem-vindo/.test(m.subject))).toMatchObject({ relayStatus: 'withheld' })
    expect(mailbox.find((m) => /Confirme/.test(m.subject))).toMatchObject({ relayStatus: 'relayed' })
    expect(mailbox.map((m) => m.text).join('\n')).not.toContain(code)

    const listed = (await s.call('GET', '/sandbox/account/mail-recipients', { token: partner.token })).json
    expect(listed).toMatchObject({ contactEmail: contact, recipientList: [{ email: contact, status: 'pending', verifiedAt: null }] })
    expect((await esisTo(s, partner, id, contact)).json.additionalData.relayStatus).toBe('withheld')
    expect(receivedBy(contact)).toHaveLength(1)

    expect((await verify(s, partner, listed.recipientList[0].recipientId, code!)).json.status).toBe('verified')
    expect((await esisTo(s, partner, id, 'DEV@Contacto-Novo.example')).json.additionalData.relayStatus).toBe('relayed')
    expect(receivedBy(contact)).toHaveLength(2)
  })

  it('verifies an address by the code sent to it (the mailbox keeps the e-mail without the code), then relays to it', async () => {
    const { s, partner } = await relayingSandbox('Verifica Bem')
    const { id } = await createSimulation(s, undefined, partner.token)
    const address = 'qa@verifica-bem.example'
    const added = await addRecipient(s, partner, address)
    expect(added.status).toBe(201)
    expect(added.json).toEqual({ recipientId: expect.any(String), email: address, status: 'pending', createdAt: expect.any(String), verifiedAt: null })
    const code = codeSentTo(address)
    expect(code).toMatch(/^\d{6}$/)
    const kept = (await s.call('GET', '/sandbox/mailbox', { token: partner.token })).json.mailList[0]
    expect(kept).toMatchObject({ to: address, relayStatus: 'relayed' })
    expect(kept.text).not.toContain(code)
    expect(kept.text).toContain('[code sent to the address only]')

    // Pending: still withheld.
    expect((await esisTo(s, partner, id, address)).json.additionalData.relayStatus).toBe('withheld')
    const wrong = await verify(s, partner, added.json.recipientId, code === '000000' ? '000001' : '000000')
    expect([wrong.status, errorOf(wrong)]).toEqual([400, [['010105', 'code']]])
    const verified = await verify(s, partner, added.json.recipientId, code!)
    expect(verified.status).toBe(200)
    expect(verified.json).toMatchObject({ status: 'verified', verifiedAt: expect.any(String) })

    const res = await esisTo(s, partner, id, address)
    expect(res.json.additionalData.relayStatus).toBe('relayed')
    expect(receivedBy(address)).toHaveLength(2)
    const listed = (await s.call('GET', '/sandbox/account/mail-recipients', { token: partner.token })).json
    expect(listed).toEqual({
      contactEmail: 'dev@verifica-bem.example',
      recipientList: [expect.objectContaining({ email: 'dev@verifica-bem.example', status: 'pending' }), verified.json],
    })

    // Deleted: withheld again.
    expect((await s.call('DELETE', `/sandbox/account/mail-recipients/${added.json.recipientId}`, { token: partner.token })).status).toBe(200)
    expect((await esisTo(s, partner, id, address)).json.additionalData.relayStatus).toBe('withheld')
  })

  it('spends a code after five wrong tries, and after 24 hours; adding the address again sends a new one', async () => {
    const { s, partner } = await relayingSandbox('Codigo Gasto')
    const address = 'qa@codigo-gasto.example'
    const { recipientId } = (await addRecipient(s, partner, address)).json
    const code = codeSentTo(address)!
    const wrongCode = code === '999999' ? '999998' : '999999'
    for (let n = 0; n < 5; n++) expect((await verify(s, partner, recipientId, wrongCode)).status).toBe(400)
    const spent = await verify(s, partner, recipientId, code)
    expect([spent.status, errorOf(spent)]).toEqual([400, [['010110', 'code']]])

    const again = await addRecipient(s, partner, address)
    expect([again.status, again.json.recipientId]).toEqual([200, recipientId])
    await later(s, partner, 24 * 3_600_000 + 1000)
    const expired = await verify(s, partner, recipientId, codeSentTo(address)!)
    expect([expired.status, errorOf(expired)]).toEqual([400, [['010110', 'code']]])
    await addRecipient(s, partner, address)
    expect((await verify(s, partner, recipientId, codeSentTo(address)!)).json.status).toBe('verified')
  })

  it("does not relay to another partner's verified address, nor show it", async () => {
    const { s, partner } = await relayingSandbox('Dono Do Endereco')
    const other = await signUp(s, 'Outro Parceiro')
    const address = 'shared@dono.example'
    const { recipientId } = (await addRecipient(s, partner, address)).json
    await verify(s, partner, recipientId, codeSentTo(address)!)
    const { id } = await createSimulation(s, undefined, other.token)
    expect((await esisTo(s, other, id, address)).json.additionalData.relayStatus).toBe('withheld')
    expect((await s.call('GET', '/sandbox/account/mail-recipients', { token: other.token })).json.recipientList.map((r: { email: string }) => r.email)).toEqual([
      'dev@outro-parceiro.example',
    ])
    expect((await verify(s, other, recipientId, '123456')).status).toBe(404)
    expect((await s.call('DELETE', `/sandbox/account/mail-recipients/${recipientId}`, { token: other.token })).status).toBe(404)
  })

  it('is for administrators only: another user of the partner gets 403', async () => {
    const { s, partner } = await relayingSandbox('So Admins')
    const user = await s.call('POST', '/sandbox/account/users', {
      token: partner.token,
      body: { brokerId: partner.brokerId, name: 'Utilizador Comum', email: 'comum@so-admins.example' },
    })
    const token = await s.login(user.json.username, user.json.password)
    for (const [method, path, body] of [
      ['GET', '/sandbox/account/mail-recipients', undefined],
      ['POST', '/sandbox/account/mail-recipients', { email: 'x@so-admins.example' }],
    ] as const) {
      const res = await s.call(method, path, { token, ...(body ? { body } : {}) })
      expect([res.status, errorOf(res)]).toEqual([403, [['010504', 'Authorization']]])
    }
    expect(receivedBy('x@so-admins.example')).toEqual([])
  })

  it('answers 400 naming the address when the sandbox relays no e-mail: there is nothing to verify', async () => {
    const s = await createTestSandbox()
    const partner = await signUp(s, 'Sem Relay')
    const res = await addRecipient(s, partner, 'qa@sem-relay.example')
    expect([res.status, errorOf(res)]).toEqual([400, [['010110', 'email']]])
  })

  it('sends at most 10 verification e-mails a day and keeps at most 20 addresses (409 naming each)', async () => {
    const { s, partner } = await relayingSandbox('Muitos Enderecos')
    // The contact address's code, at sign-up, was the first.
    for (let n = 1; n < 10; n++) expect((await addRecipient(s, partner, `a${n}@muitos.example`)).status).toBe(201)
    const eleventh = await addRecipient(s, partner, 'a10@muitos.example')
    expect([eleventh.status, errorOf(eleventh)]).toEqual([409, [['010605', 'verificationsPerDay']]])
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(receivedBy('a10@muitos.example')).toEqual([])
    await later(s, partner, 24 * 3_600_000)
    for (let n = 10; n < 20; n++) expect((await addRecipient(s, partner, `a${n}@muitos.example`)).status).toBe(201)
    await later(s, partner, 24 * 3_600_000)
    const twentyFirst = await addRecipient(s, partner, 'a20@muitos.example')
    expect([twentyFirst.status, errorOf(twentyFirst)]).toEqual([409, [['010605', 'mailRecipients']]])
  })

  it('sends one address at most 3 verification e-mails a day, whichever partners ask (409 naming verificationsPerAddress, Retry-After), and no more the next day', async () => {
    const { s, partner } = await relayingSandbox('Primeiro Pedido')
    const second = await signUp(s, 'Segundo Pedido')
    const target = 'alvo@terceiros.example'
    expect((await addRecipient(s, partner, target)).status).toBe(201)
    expect((await addRecipient(s, partner, target)).status).toBe(200)
    expect((await addRecipient(s, second, target)).status).toBe(201)
    const fourth = await addRecipient(s, second, 'ALVO@terceiros.example')
    expect([fourth.status, errorOf(fourth)]).toEqual([409, [['010605', 'verificationsPerAddress']]])
    expect(fourth.json.errors[0].errorMessage).toMatch(/at most 3 verification e-mails a day to one address/)
    const now = s.clock.now()
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
    expect(Number(fourth.headers.get('retry-after'))).toBe(Math.ceil((midnight - now.getTime()) / 1000))
    expect(receivedBy(target)).toHaveLength(3)
    // A reset keeps the count: it is the address's, not the partner's.
    await s.call('POST', '/sandbox/reset', { token: partner.token })
    expect((await addRecipient(s, partner, target)).status).toBe(409)
    await later(s, partner, midnight - now.getTime())
    expect((await addRecipient(s, partner, target)).status).toBe(200)
    expect(receivedBy(target)).toHaveLength(4)
  })

  it('signs a partner up whose contact address has had its codes of the day: it is not enrolled, and an administrator adds it later', async () => {
    const { s, partner } = await relayingSandbox('Quem Pediu')
    const target = 'dev@ja-pedido.example'
    for (let n = 0; n < 2; n++) expect((await addRecipient(s, partner, target)).status).toBeLessThan(300)
    const third = await signUp(s, 'Ja Pedido')
    expect(receivedBy(target)).toHaveLength(3)
    const fourth = await signUp(s, 'Ja Pedido')
    expect(fourth.userId).toBeGreaterThan(third.userId)
    expect(receivedBy(target)).toHaveLength(3)
    expect((await s.call('GET', '/sandbox/account/mail-recipients', { token: fourth.token })).json).toEqual({ contactEmail: target, recipientList: [] })
  })
})

describe("a partner's e-mails are bounded", () => {
  it("refuses an e-mail past the day's allowance, relayed or captured (409 naming mailsPerDay, Retry-After until the next UTC day)", async () => {
    const { s, partner } = await relayingSandbox('Dia Cheio', { mail: { perDay: 4, relayTo: 'verified' } })
    const { id } = await createSimulation(s, undefined, partner.token)
    // The sign-up's two (the contact address's code, the welcome) were the first of the day.
    for (let n = 0; n < 2; n++) expect((await esisTo(s, partner, id, `c${n}@dia-cheio.example`)).status).toBe(200)
    const refused = await esisTo(s, partner, id, 'dev@dia-cheio.example')
    expect([refused.status, errorOf(refused)]).toEqual([409, [['010605', 'mailsPerDay']]])
    const now = s.clock.now()
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil((midnight - now.getTime()) / 1000))
    // A reset empties the mailbox, not the day's count; the next day does.
    await s.call('POST', '/sandbox/reset', { token: partner.token })
    const { id: again } = await createSimulation(s, undefined, partner.token)
    expect((await esisTo(s, partner, again, 'dev@dia-cheio.example')).status).toBe(409)
    await later(s, partner, midnight - now.getTime())
    expect((await esisTo(s, partner, again, 'dev@dia-cheio.example')).status).toBe(200)
  })

  it('refuses an ESIS e-mail that would pass the storage quota, and keeps nothing of it', async () => {
    const s = await createTestSandbox({
      quotas: { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: 20_000 },
      journal: { maxEntries: 0, maxBytes: 0, maxPerSecond: 0 },
    })
    const { id } = await createSimulation(s)
    const res = await s.call('GET', `/v1/simulations/${id}/esis/email?email=ana@example.com`)
    expect([res.status, errorOf(res)]).toEqual([409, [['010605', 'storageBytes']]])
    expect((await s.call('GET', '/sandbox/mailbox')).json.totalRecords).toBe(0)
  })
})
