import { wholePartner } from '../../../src/db/broker-scope.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailbox } from '../../../src/modules/mailbox/index.ts'
import { SANDBOX_SENDER } from '../../../src/modules/mailbox/mailer.ts'
import { createTestSandbox, PARTNER_A } from '../../support/test-app.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { attachmentOf, startSmtpSink } from './smtp-sink.ts'

describe('ESIS e-mail relayed over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink.close())

  it('relays the captured e-mail with its PDF to the SMTP server of SANDBOX_SMTP_URL (any address: SANDBOX_SMTP_RECIPIENTS=any, a local catch-all)', async () => {
    const s = await createTestSandbox({ smtpUrl: sink.url, mail: { perDay: null, relayTo: 'any' } })
    const { id } = await createSimulation(s)
    const res = await s.call('GET', `/v1/simulations/${id}/esis/email?email=cliente@example.com`)
    expect(res.status).toBe(200)
    expect(res.json.additionalData.relayStatus).toBe('relayed')
    expect(sink.received).toHaveLength(1)
    const mail = sink.received[0]!
    expect(mail.to).toEqual(['cliente@example.com'])
    expect(mail.from).toBe('nao-responder@banco-sandbox.example')
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m)
    expect(mail.raw).toMatch(/filename="?FINE-simulacao-\d+\.pdf/)
    expect(attachmentOf(mail.raw, 'application/pdf')?.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const stored = s.services.mailbox.find(res.json.additionalData.emailUniqueID, wholePartner(PARTNER_A))!
    expect(stored).toMatchObject({ relayStatus: 'relayed', relayError: null, smtpMessageId: expect.stringContaining('@') })
  })
})

/** A mailbox of its own on the sandbox's database, relaying to any address (the relay is what these tests look at). */
const mailboxOf = (s: Awaited<ReturnType<typeof createTestSandbox>>, smtpUrl: string | undefined) =>
  createMailbox({
    db: s.db,
    clock: s.services.clock,
    logger: s.services.logger,
    smtpUrl,
    mail: { perDay: null, relayTo: 'any' },
    contactEmailOf: () => null,
    assertAdmin: () => undefined,
  })

describe('Mailer', () => {
  it('keeps the captured copy and records the failure when the SMTP server refuses the mail', async () => {
    const sink = await startSmtpSink({ reject: true })
    const s = await createTestSandbox()
    const mailbox = mailboxOf(s, sink.url)
    const receipt = await mailbox.send({ partnerUniqueID: PARTNER_A, brokerId: 1001, to: 'x@example.com', subject: 'Teste', text: 'Olá', attachments: [] })
    expect(receipt.relayStatus).toBe('failed')
    const stored = mailbox.find(receipt.mailboxMessageId, wholePartner(PARTNER_A))!
    expect(stored).toMatchObject({ from: SANDBOX_SENDER, to: 'x@example.com', subject: 'Teste', text: 'Olá', relayStatus: 'failed', relayError: expect.stringContaining('550') })
    await sink.close()
  })

  it('records a failure when no SMTP server listens', async () => {
    const sink = await startSmtpSink()
    await sink.close()
    const s = await createTestSandbox()
    const mailbox = mailboxOf(s, sink.url)
    const receipt = await mailbox.send({ partnerUniqueID: PARTNER_A, brokerId: 1001, to: 'x@example.com', subject: 'Teste', text: 'Olá', attachments: [] })
    expect(receipt.relayStatus).toBe('failed')
  })

  it('lists the partner mailbox newest first, each e-mail with its attachments', async () => {
    const s = await createTestSandbox()
    const mailbox = mailboxOf(s, undefined)
    await mailbox.send({ partnerUniqueID: PARTNER_A, brokerId: 1001, to: 'a@example.com', subject: 'Primeiro', text: '1', attachments: [] })
    s.clock.advance(1000)
    await mailbox.send({
      partnerUniqueID: PARTNER_A,
      brokerId: 1001,
      to: 'b@example.com',
      subject: 'Segundo',
      text: '2',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('abc') }],
    })
    const listed = mailbox.list(wholePartner(PARTNER_A), { lineCount: 20 }).mailList
    expect(listed.map((m) => m.subject)).toEqual(['Segundo', 'Primeiro'])
    expect(listed[0]!.attachments[0]).toMatchObject({ filename: 'a.txt', size: 3 })
    expect(mailbox.find(listed[0]!.messageId, wholePartner(PARTNER_A))!.attachments[0]!.content.toString()).toBe('abc')
    expect(listed[0]!.relayStatus).toBe('captured')
  })
})
