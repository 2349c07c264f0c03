import { MatchersV3, MessageConsumerPact, synchronousBodyHandler } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { handleNotification, type Notification, type Reaction } from './notification-handler.ts'
import { IDS, isoDateTime, PACT_DIR, PROCESS_STATE, PROVIDER } from './pact-support.ts'

const { integer, number, regex, string } = MatchersV3

/**
 * The reference partner's webhook handler under contract: one message per notification type, each
 * given the provider states that make it. A message pact of its own consumer (a V3 message pact is a
 * file of its own beside the HTTP one); `mortgage-sandbox verify` produces each notification through
 * the code that publishes real ones.
 */
const CONSUMER = 'reference-partner-webhooks'
const messages = () => new MessageConsumerPact({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' })

/** What every notification carries, about a process or a simulation. */
const envelope = (id: number, code: string, about: { processUniqueId: string } | { simulationUniqueId: string }, data: Record<string, unknown>) => ({
  notificationId: regex(/^msg_[0-9A-Z]{26}$/, 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E'),
  notificationTypeId: id,
  notificationType: code,
  partnerUniqueID: IDS.partner,
  ...about,
  occurredAt: isoDateTime(),
  test: false,
  data,
})

/** The Standard Webhooks headers a delivery carries, and the kind of notification. */
const delivered = (code: string) => ({
  notificationType: code,
  contentType: 'application/json',
  'webhook-id': regex(/^msg_\w+$/, 'msg_01KF0Z8X6Q3W9T4N5M2B7C1D0E'),
  'webhook-timestamp': regex(/^\d+$/, '1767225600'),
  'webhook-signature': regex(/^v1,\S+$/, 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='),
})

const process = { processUniqueId: IDS.process }
const submitted = { processUniqueId: IDS.submittedProcess }
const simulation = { simulationUniqueId: IDS.simulation }
const statusData = (id: number, description: string) => ({ processStatusId: integer(id), processStatusDescription: string(description) })

async function expectReaction(pact: MessageConsumerPact, check: (reaction: Reaction) => void) {
  await pact.verify(synchronousBodyHandler((body) => check(handleNotification(body as unknown as Notification))))
}

describe("The reference partner's webhook handler", () => {
  it('opens a task for a process created from its simulation (PROCESS_CREATED)', async () => {
    const pact = messages()
      .given({ name: 'a completed simulation exists', params: { simulationUniqueId: IDS.completedSimulation, processUniqueId: IDS.readyProcess } })
      .expectsToReceive('a notification that a process was created')
      .withContent(
        envelope(
          1,
          'PROCESS_CREATED',
          { processUniqueId: IDS.readyProcess },
          { processNumber: integer(1), simulationUniqueId: IDS.completedSimulation, processStatusId: 1, processStatusDescription: string('Rascunho') },
        ),
      )
      .withMetadata(delivered('PROCESS_CREATED'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', uniqueId: IDS.readyProcess }))
  })

  it('asks the broker for the document the bank requests (DOCUMENT_REQUESTED)', async () => {
    const pact = messages()
      .given({ name: 'a process exists', params: PROCESS_STATE })
      .expectsToReceive('a notification that the bank requests a document')
      .withContent(
        envelope(2, 'DOCUMENT_REQUESTED', process, {
          documentTypeId: integer(15),
          documentTypeDescription: string('Declaração de IRS'),
          messageUniqueId: MatchersV3.uuid(),
          messageText: string('Pedimos o envio do documento.'),
        }),
      )
      .withMetadata(delivered('DOCUMENT_REQUESTED'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', resource: 'process' }))
  })

  it('asks for a refused document again (DOCUMENT_REJECTED)', async () => {
    const pact = messages()
      .given({ name: 'a document exists', params: { ...PROCESS_STATE, documentUniqueId: IDS.document } })
      .expectsToReceive('a notification that the bank refused a document')
      .withContent(
        envelope(3, 'DOCUMENT_REJECTED', process, {
          documentUniqueId: IDS.document,
          documentTypeId: integer(1),
          documentTypeDescription: string('Cartão de Cidadão'),
          messageUniqueId: MatchersV3.uuid(),
          messageText: string('O documento foi recusado.'),
        }),
      )
      .withMetadata(delivered('DOCUMENT_REJECTED'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', task: expect.stringContaining(IDS.document) }))
  })

  it('sends the client the ESIS when it is available, named by the code in its description', async () => {
    const pact = messages()
      .given({ name: 'a simulation exists', params: simulation })
      .expectsToReceive('an ESIS_AVAILABLE notification for a simulation')
      .withContent(envelope(4, 'ESIS_AVAILABLE', simulation, { esisPath: `/v1/simulations/${IDS.simulation}/esis` }))
      .withMetadata({ contentType: 'application/json' })
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', resource: 'simulation' }))
  })

  it('refreshes a process whose status changed (PROCESS_STATUS_CHANGED)', async () => {
    const pact = messages()
      .given({ name: 'a submitted process exists', params: { ...PROCESS_STATE, processUniqueId: IDS.submittedProcess } })
      .expectsToReceive('a notification that a process status changed')
      .withContent(envelope(5, 'PROCESS_STATUS_CHANGED', submitted, { ...statusData(2, 'Submetido'), previousProcessStatusId: integer(1) }))
      .withMetadata(delivered('PROCESS_STATUS_CHANGED'))
    await expectReaction(pact, (r) => expect(r).toEqual({ kind: 'refresh', resource: 'process', uniqueId: IDS.submittedProcess }))
  })

  it('refreshes a simulation whose status changed, the type named by its id (6)', async () => {
    const pact = messages()
      .given({ name: 'a cancelled simulation exists', params: { simulationUniqueId: IDS.cancelledSimulation } })
      .expectsToReceive('a notification that a simulation status changed')
      .withContent(
        envelope(
          6,
          'SIMULATION_STATUS_CHANGED',
          { simulationUniqueId: IDS.cancelledSimulation },
          { simulationStatusId: integer(4), simulationStatusDescription: string('Cancelada'), previousSimulationStatusId: integer(1) },
        ),
      )
      .withMetadata({ ...delivered('SIMULATION_STATUS_CHANGED'), notificationType: '6' })
    await expectReaction(pact, (r) => expect(r).toEqual({ kind: 'refresh', resource: 'simulation', uniqueId: IDS.cancelledSimulation }))
  })

  it("shows the bank's message on a process (NEW_MESSAGE)", async () => {
    const pact = messages()
      .given({ name: 'a process has a bank message', params: { ...PROCESS_STATE, messageText: 'Falta a caderneta predial do imóvel.' } })
      .expectsToReceive("a notification of the bank's message on a process")
      .withContent(envelope(7, 'NEW_MESSAGE', process, { messageUniqueId: MatchersV3.uuid(), messageText: 'Falta a caderneta predial do imóvel.', origin: 'BANK' }))
      .withMetadata(delivered('NEW_MESSAGE'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', resource: 'process' }))
  })

  it('refreshes a simulation that expired (SIMULATION_EXPIRED)', async () => {
    const pact = messages()
      .given({ name: 'a simulation exists', params: simulation })
      .expectsToReceive('a notification that a simulation expired')
      .withContent(
        envelope(8, 'SIMULATION_EXPIRED', simulation, { simulationStatusId: integer(5), simulationStatusDescription: string('Expirada'), previousSimulationStatusId: integer(1) }),
      )
      .withMetadata(delivered('SIMULATION_EXPIRED'))
    await expectReaction(pact, (r) => expect(r).toEqual({ kind: 'refresh', resource: 'simulation', uniqueId: IDS.simulation }))
  })

  it("tells the client the bank's decision (PROCESS_DECISION)", async () => {
    const pact = messages()
      .given({ name: 'a submitted process exists', params: { ...PROCESS_STATE, processUniqueId: IDS.submittedProcess } })
      .expectsToReceive("a notification of the bank's decision on a process")
      .withContent(envelope(9, 'PROCESS_DECISION', submitted, { decision: regex(/^(APPROVED|REJECTED)$/, 'APPROVED'), ...statusData(4, 'Aprovado') }))
      .withMetadata(delivered('PROCESS_DECISION'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', task: 'tell the client: APPROVED' }))
  })

  it('books the deed when it is scheduled (CONTRACT_SCHEDULED)', async () => {
    const pact = messages()
      .given({ name: 'a submitted process exists', params: { ...PROCESS_STATE, processUniqueId: IDS.submittedProcess } })
      .expectsToReceive('a notification that the deed is scheduled')
      .withContent(
        envelope(10, 'CONTRACT_SCHEDULED', submitted, {
          contractDate: isoDateTime('2026-04-15T10:00:00.000Z'),
          contractLocation: string('Conservatória do Registo Predial de Lisboa'),
        }),
      )
      .withMetadata(delivered('CONTRACT_SCHEDULED'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', task: expect.stringContaining('2026-04-15') }))
  })

  it('refreshes a process whose document the bank accepted (DOCUMENT_ACCEPTED)', async () => {
    const pact = messages()
      .given({ name: 'a document exists', params: { ...PROCESS_STATE, documentUniqueId: IDS.document } })
      .expectsToReceive('a notification that the bank accepted a document')
      .withContent(envelope(11, 'DOCUMENT_ACCEPTED', process, { documentUniqueId: IDS.document, documentTypeId: integer(1), documentTypeDescription: string('Cartão de Cidadão') }))
      .withMetadata(delivered('DOCUMENT_ACCEPTED'))
    await expectReaction(pact, (r) => expect(r).toEqual({ kind: 'refresh', resource: 'process', uniqueId: IDS.process }))
  })

  it("records the valuer's figure (VALUATION_COMPLETED)", async () => {
    const pact = messages()
      .given({ name: 'a process exists', params: PROCESS_STATE })
      .expectsToReceive('a notification that the property valuation is done')
      .withContent(
        envelope(12, 'VALUATION_COMPLETED', process, {
          propertyUniqueId: IDS.property,
          valuationAmount: number(255000),
          valuationDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-03-20'),
        }),
      )
      .withMetadata(delivered('VALUATION_COMPLETED'))
    await expectReaction(pact, (r) => expect(r).toMatchObject({ kind: 'task', task: 'valuation 255000 €' }))
  })
})
