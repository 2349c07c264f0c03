import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'
import { asOperator, errorOf, OPERATOR_TOKEN, signUp } from './partner-support.ts'

describe('POST /sandbox/signup on a local sandbox (open)', () => {
  it('creates a partner, its broker and an administrator whose password is answered once and logs in', async () => {
    const s = await createTestSandbox()
    const res = await s.call('POST', '/sandbox/signup', { token: null, body: { partnerName: 'Casa Nova Crédito, Lda.', contactEmail: 'dev@casanova.example' } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      partnerUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brokerId: expect.any(Number),
      userId: expect.any(Number),
      username: expect.stringMatching(/^casa-nova-credito-lda-[0-9a-f]{4}$/),
      password: expect.stringMatching(/^[\w-]{24}$/),
    })
    const login = await s.call('POST', '/v1/authentication', { token: null, body: { username: res.json.username, password: res.json.password } })
    expect(login.status).toBe(200)
    expect(login.json).toMatchObject({ partnerUniqueID: res.json.partnerUniqueID, brokerId: res.json.brokerId, userId: res.json.userId })
  })

  it('sends a welcome e-mail to the contact, in the request language, without the password', async () => {
    const s = await createTestSandbox()
    const partner = await signUp(s, 'Lar Doce Lar', { contactEmail: 'ops@lardocelar.example' })
    const mailbox = await s.call('GET', '/sandbox/mailbox', { token: partner.token })
    expect(mailbox.json.mailList).toHaveLength(1)
    const mail = mailbox.json.mailList[0]
    expect(mail).toMatchObject({ to: 'ops@lardocelar.example', subject: expect.stringContaining('Bem-vindo') })
    expect(mail.text).toContain(partner.username)
    expect(mail.text).toContain(partner.partnerUniqueID)
    expect(mail.text).not.toContain(partner.password)
    const english = await s.call('POST', '/sandbox/signup', {
      token: null,
      headers: { 'Accept-Language': 'en' },
      body: { partnerName: 'Home Sweet', contactEmail: 'ops@homesweet.example' },
    })
    const token = await s.login(english.json.username, english.json.password)
    expect((await s.call('GET', '/sandbox/mailbox', { token })).json.mailList[0].subject).toMatch(/^Welcome/)
  })

  it('refuses a body without the partner name or with a bad e-mail, naming each field', async () => {
    const s = await createTestSandbox()
    const res = await s.call('POST', '/sandbox/signup', { token: null, body: { contactEmail: 'not-an-email', extra: 1 } })
    expect(res.status).toBe(400)
    expect(errorOf(res)).toEqual(
      expect.arrayContaining([
        ['010101', 'partnerName'],
        ['010103', 'contactEmail'],
      ]),
    )
  })

  it('names the bound of a too-short partner name in the language of the request, and only in it', async () => {
    const s = await createTestSandbox()
    const body = { partnerName: 'A', contactEmail: 'dev@a.example' }
    const pt = await s.call('POST', '/sandbox/signup', { token: null, body })
    const en = await s.call('POST', '/sandbox/signup', { token: null, body, headers: { 'Accept-Language': 'en' } })
    expect(pt.json.errors).toEqual([
      { errorCode: '010104', errorField: 'partnerName', errorMessage: 'O valor do campo partnerName está fora dos limites permitidos (>= 2 caracteres).' },
    ])
    expect(en.json.errors).toEqual([
      { errorCode: '010104', errorField: 'partnerName', errorMessage: 'The value of field partnerName is out of the allowed range (>= 2 characters).' },
    ])
  })

  it('gives two partners of the same name different logins', async () => {
    const s = await createTestSandbox()
    const [one, two] = [await signUp(s, 'Crédito Já'), await signUp(s, 'Crédito Já')]
    expect(one.username).not.toBe(two.username)
    expect(one.partnerUniqueID).not.toBe(two.partnerUniqueID)
    expect(one.brokerId).not.toBe(two.brokerId)
  })
})

describe('sign-up settings', () => {
  it('answers 403 (010506) when sign-up is off', async () => {
    const s = await createTestSandbox({ signup: 'off' })
    const res = await s.call('POST', '/sandbox/signup', { token: null, body: { partnerName: 'Ninguém', contactEmail: 'x@y.example' } })
    expect(res.status).toBe(403)
    expect(errorOf(res)).toEqual([['010506', '']])
  })

  it('by invitation: takes a code of the operator once, refuses a missing, unknown or used one', async () => {
    const s = await createTestSandbox({ signup: 'invite', operatorToken: OPERATOR_TOKEN })
    const body = { partnerName: 'Convidado', contactEmail: 'c@convidado.example' }
    const missing = await s.call('POST', '/sandbox/signup', { token: null, body })
    expect([missing.status, errorOf(missing)]).toEqual([400, [['010101', 'invitationCode']]])
    const unknown = await s.call('POST', '/sandbox/signup', { token: null, body: { ...body, invitationCode: 'inv_nope' } })
    expect([unknown.status, errorOf(unknown)]).toEqual([403, [['010507', 'invitationCode']]])

    const { invitationCode } = (await asOperator(s, 'POST', '/sandbox/operator/invitations', { body: { note: 'Convidado' } })).json
    const ok = await s.call('POST', '/sandbox/signup', { token: null, body: { ...body, invitationCode } })
    expect(ok.status).toBe(201)
    const again = await s.call('POST', '/sandbox/signup', { token: null, body: { ...body, invitationCode } })
    expect([again.status, again.json.errors[0].errorMessage]).toEqual([403, expect.stringContaining('já foi usado')])
    const listed = (await asOperator(s, 'GET', '/sandbox/operator/invitations')).json.invitationList
    expect(listed[0]).toMatchObject({ note: 'Convidado', usedAt: expect.any(String), partnerUniqueID: ok.json.partnerUniqueID })
    expect(JSON.stringify(listed)).not.toContain(invitationCode)
  })

  it('by invitation: refuses an expired code', async () => {
    const s = await createTestSandbox({ signup: 'invite', operatorToken: OPERATOR_TOKEN })
    const { invitationCode } = (await asOperator(s, 'POST', '/sandbox/operator/invitations', { body: { expiresInDays: 1 } })).json
    s.clock.advance(2 * 86_400_000)
    const res = await s.call('POST', '/sandbox/signup', { token: null, body: { partnerName: 'Tarde', contactEmail: 't@tarde.example', invitationCode } })
    expect([res.status, res.json.errors[0].errorMessage]).toEqual([403, expect.stringContaining('expirou')])
  })

  it('throttles sign-ups by client address (429 with Retry-After)', async () => {
    const s = await createTestSandbox({ signupsPerHour: 2 })
    const attempt = (n: number) =>
      s.call('POST', '/sandbox/signup', { token: null, headers: { 'X-Forwarded-For': '203.0.113.7' }, body: { partnerName: `Rápido ${n}`, contactEmail: `r${n}@rapido.example` } })
    expect((await attempt(1)).status).toBe(201)
    expect((await attempt(2)).status).toBe(201)
    const third = await attempt(3)
    expect(third.status).toBe(429)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it("counts an IPv6 client's sign-ups by its /64: another address of it is the same client", async () => {
    const s = await createTestSandbox({ signupsPerHour: 2, trustProxy: true })
    const attempt = (n: number, address: string) =>
      s.call('POST', '/sandbox/signup', { token: null, headers: { 'X-Forwarded-For': address }, body: { partnerName: `Seis ${n}`, contactEmail: `s${n}@seis.example` } })
    expect((await attempt(1, '2001:db8:7:8::1')).status).toBe(201)
    expect((await attempt(2, '2001:db8:7:8::2')).status).toBe(201)
    expect((await attempt(3, '2001:db8:7:8:ffff:1:2:3')).status).toBe(429)
    expect((await attempt(4, '2001:db8:7:9::1')).status).toBe(201)
  })

  it('turns the demo identities off: their logins answer that the demo identities are off (010505)', async () => {
    const s = await createTestSandbox({ demoIdentities: false })
    const res = await s.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a', password: 'sandbox' } })
    expect([res.status, errorOf(res)]).toEqual([401, [['010505', 'username']]])
    expect((await signUp(s, 'Ainda Aberto')).token).toBeTruthy()
  })
})
