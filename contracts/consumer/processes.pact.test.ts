import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { authorized, clientFor, failure, IDS, isoDateTime, jsonContentType, newPact, PROCESS_STATE, success } from './pact-support.ts'

const { boolean, eachLike, integer, number, regex, string, uuid } = MatchersV3
const pact = newPact()
const jsonRequest = { ...authorized, 'Content-Type': 'application/json' }
const path = (id: string, rest = '') => `/v1/processes/${id}${rest}`

describe('Processes', () => {
  it('creates a process from an eligible simulation', async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to create a process from an eligible simulation')
      .withRequest({ method: 'POST', path: '/v1/processes', headers: jsonRequest, body: { simulationUniqueId: IDS.simulation } })
      .willRespondWith({ status: 201, headers: jsonContentType, body: success({ processUniqueID: uuid(IDS.process), processNumber: integer(77) }) })
    await pact.executeTest(async (server) => {
      const created = await clientFor(server).processes.create(IDS.simulation)
      expect(created.additionalData?.processNumber).toBeGreaterThan(0)
    })
  })

  it('is refused a process from a non-eligible simulation', async () => {
    pact
      .given('a non-eligible simulation exists', { simulationUniqueId: IDS.nonEligibleSimulation })
      .uponReceiving('a request to create a process from a non-eligible simulation')
      .withRequest({ method: 'POST', path: '/v1/processes', headers: jsonRequest, body: { simulationUniqueId: IDS.nonEligibleSimulation } })
      .willRespondWith({ status: 400, headers: jsonContentType, body: failure('010301', 'simulationUniqueId') })
    await pact.executeTest(async (server) => {
      await expect(clientFor(server).processes.create(IDS.nonEligibleSimulation)).rejects.toMatchObject({ status: 400 })
    })
  })

  it('reads a process: status, loan, borrowers and property', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request for the detail of a process')
      .withRequest({ method: 'GET', path: path(IDS.process), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          processDetail: {
            processUniqueId: uuid(IDS.process),
            processNumber: integer(77),
            simulationUniqueId: uuid(IDS.simulation),
            creationDate: isoDateTime(),
            processStatusId: integer(1),
            processStatusDescription: string('Rascunho'),
            elegibility: boolean(true),
          },
          loanProcessDetail: { loanAmount: number(200000), loanDurationMonths: integer(360), monthlyInstallmentAmount: number(842.13), tan: number(2.99), taeg: number(3.9) },
          bankCharges: eachLike({ description: string('Comissão de estudo e dossier'), amount: number(280) }),
          borrowers: eachLike({ borrowerUniqueID: uuid(IDS.keyBorrower), borrowerTypeID: integer(1), borrowerTypeDescription: string('Primeiro titular') }),
          propertyProcessDetail: { propertyUniqueId: uuid(IDS.property), typologyId: integer(3), acquisitionAmount: number(250000) },
        },
      })
    await pact.executeTest(async (server) => {
      const detail = await clientFor(server).processes.detail(IDS.process)
      expect(detail.borrowers[0]?.borrowerUniqueID).toBe(IDS.keyBorrower)
    })
  })

  it('submits a complete process', async () => {
    pact
      .given('a process ready to submit exists', { processUniqueId: IDS.readyProcess })
      .uponReceiving('a request to submit a complete process')
      .withRequest({ method: 'POST', path: path(IDS.readyProcess, '/submit'), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: success({ processUniqueID: uuid(IDS.readyProcess), processStatusId: 2, processStatusDescription: string('Submetido') }),
      })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).processes.submit(IDS.readyProcess)).additionalData?.processStatusId).toBe(2)
    })
  })

  it('is told what is missing when it submits an incomplete process', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to submit an incomplete process')
      .withRequest({ method: 'POST', path: path(IDS.process, '/submit'), headers: authorized })
      .willRespondWith({ status: 400, headers: jsonContentType, body: failure('010101', 'borrowers[0].personalData.mobile') })
    await pact.executeTest(async (server) => {
      await expect(clientFor(server).processes.submit(IDS.process)).rejects.toMatchObject({ status: 400 })
    })
  })

  it('cancels a submitted process with a reason', async () => {
    pact
      .given('a submitted process exists', { processUniqueId: IDS.submittedProcess })
      .uponReceiving('a request to cancel a submitted process')
      .withRequest({
        method: 'DELETE',
        path: path(IDS.submittedProcess),
        headers: jsonRequest,
        body: { proposalCancelReasonId: 1, cancelComments: 'O cliente desistiu da compra.' },
      })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).processes.cancel(IDS.submittedProcess, 1, 'O cliente desistiu da compra.')
    })
  })

  it('reads and completes the property of a process', async () => {
    const completion = { address: 'Rua Castilho', doorNumber: '39', zipCode: '1250-068', zipCodeLocal: 'Lisboa', matrixArticle: 'U-2345', landRegistryNumber: '1234/20040312' }
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request for the property of a process')
      .withRequest({ method: 'GET', path: path(IDS.process, '/property'), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          propertyList: eachLike({
            propertyUniqueId: uuid(IDS.property),
            typologyId: integer(3),
            typologyDescription: string('Apartamento T2'),
            districtId: integer(11),
            countyId: integer(1106),
            parishId: integer(110658),
            acquisitionAmount: number(250000),
            evaluationEstimatedAmount: number(255000),
          }),
        },
      })
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to complete the property of a process')
      .withRequest({ method: 'PUT', path: path(IDS.process, `/property/${IDS.property}`), headers: jsonRequest, body: completion })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      const client = clientFor(server)
      const [property] = (await client.processes.properties(IDS.process)).propertyList
      await client.processes.updateProperty(IDS.process, property!.propertyUniqueId, completion)
    })
  })

  it("writes a message about a process and reads the bank's", async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to write a message about a process')
      .withRequest({ method: 'POST', path: path(IDS.process, '/message'), headers: jsonRequest, body: { messageText: 'A caderneta predial segue amanhã.' } })
      .willRespondWith({ status: 201, headers: jsonContentType, body: success({ messageUniqueID: uuid('d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f80') }) })
    pact
      .given('a process has a bank message', { processUniqueId: IDS.process })
      .uponReceiving('a request for the messages of a process')
      .withRequest({ method: 'GET', path: path(IDS.process, '/message'), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          totalRecords: integer(1),
          hasMoreResults: boolean(false),
          listMessageDetail: eachLike({
            messageUniqueID: uuid('e5f6a7b8-c9d0-4e1f-8a3b-4c5d6e7f8091'),
            messageText: string('Falta a caderneta predial do imóvel.'),
            messageDate: isoDateTime(),
            origin: 'BANK',
          }),
        },
      })
    await pact.executeTest(async (server) => {
      const client = clientFor(server)
      await client.processes.sendMessage(IDS.process, 'A caderneta predial segue amanhã.')
      expect((await client.processes.messages(IDS.process)).totalRecords).toBe(1)
    })
  })

  it('downloads the ESIS of a process as a PDF and sends it by e-mail', async () => {
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request for the ESIS of a process')
      .withRequest({ method: 'GET', path: path(IDS.process, '/esis'), headers: { ...authorized, Accept: 'application/pdf' } })
      .willRespondWith({ status: 200, headers: { 'Content-Type': regex(/^application\/pdf.*$/, 'application/pdf') } })
    pact
      .given('a process exists', PROCESS_STATE)
      .uponReceiving('a request to e-mail the ESIS of a process to an address')
      .withRequest({ method: 'GET', path: path(IDS.process, '/esis/email'), query: { email: 'marta.costa@example.pt' }, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: success({ emailUniqueID: uuid('f6a7b8c9-d0e1-4f2a-9b4c-5d6e7f8091a2'), relayStatus: regex(/^(captured|relayed|failed)$/, 'captured') }),
      })
    await pact.executeTest(async (server) => {
      const client = clientFor(server)
      expect((await client.processes.esis(IDS.process)).bytes).toBeInstanceOf(Uint8Array)
      await client.processes.emailEsis(IDS.process, 'marta.costa@example.pt')
    })
  })
})
