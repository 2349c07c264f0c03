import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { PartnerApiError } from './partner-client.ts'
import { authorized, clientFor, failure, IDS, isoDateTime, jsonContentType, newPact, SIMULATION_INPUT, success } from './pact-support.ts'

const { boolean, datetime, decimal, eachLike, integer, number, regex, string, uuid } = MatchersV3
const pact = newPact()
const jsonRequest = { ...authorized, 'Content-Type': 'application/json' }
const path = (id: string, rest = '') => `/v1/simulations/${id}${rest}`

/** Simulation Create and Update answer the same additionalData (simulationNumber a string there, as in the interface document). */
const outcome = (id = '9f8e7d6c-5b4a-4392-8170-6e5d4c3b2a19') => success({ simulationUniqueID: uuid(id), simulationNumber: regex(/^\d+$/, '1042'), elegibility: boolean(true) })

describe('Simulations', () => {
  it("lists the broker's simulations, newest first", async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request for the first page of simulations')
      .withRequest({ method: 'GET', path: '/v1/simulations', query: { lineCount: '10' }, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          totalRecords: integer(1),
          hasMoreResults: boolean(false),
          listSimulationDetail: eachLike({
            simulationUniqueID: uuid(IDS.simulation),
            simulationNumber: integer(1042),
            keyBorrowerName: string('Ana Sofia Martins'),
            keyBorrowerTaxID: regex(/^\d{9}$/, '169243354'),
            loanAmount: number(200000),
            statusLastDate: isoDateTime(),
            simulationStatusID: integer(1),
            simulationStatusDescription: string('Simulada'),
            propertyAmount: number(250000),
            ltvEstimated: number(80),
            branchID: integer(311),
            branchDescription: string('Lisboa - Avenida da República'),
            origin: string('API'),
            youthCredit: boolean(false),
          }),
        },
      })
    await pact.executeTest(async (server) => {
      const page = await clientFor(server).simulations.list({ lineCount: 10 })
      expect(page.listSimulationDetail[0]?.simulationUniqueID).toBe(IDS.simulation)
    })
  })

  it('creates a simulation and reads its eligibility', async () => {
    pact
      .uponReceiving('a request to create an eligible simulation')
      .withRequest({ method: 'POST', path: '/v1/simulations', headers: jsonRequest, body: SIMULATION_INPUT })
      .willRespondWith({ status: 201, headers: jsonContentType, body: outcome() })
    await pact.executeTest(async (server) => {
      const created = await clientFor(server).simulations.create(SIMULATION_INPUT)
      expect(created.additionalData?.elegibility).toBe(true)
    })
  })

  it('validates a simulation input and gets every problem as an error item', async () => {
    // A fixed rate needs its fixed period: a rule of the rate types, beyond the fields' own types.
    const { indexTypeID: _variableOnly, ...loanSimulator } = SIMULATION_INPUT.loanSimulator
    const input = { ...SIMULATION_INPUT, loanSimulator: { ...loanSimulator, interestRateTypeID: 1 } }
    pact
      .uponReceiving('a request to validate a fixed-rate simulation without its fixed period')
      .withRequest({ method: 'POST', path: '/v1/simulations/validate', headers: jsonRequest, body: input })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          errors: eachLike({ errorCode: '010101', errorMessage: string('Campo obrigatório em falta: loanSimulator.fixedPeriodID.'), errorField: 'loanSimulator.fixedPeriodID' }),
        },
      })
    await pact.executeTest(async (server) => {
      const { errors } = await clientFor(server).simulations.validate(input)
      expect(errors[0]?.errorField).toBe('loanSimulator.fixedPeriodID')
    })
  })

  it('reads the six sections of a simulation', async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request for the detail of a simulation')
      .withRequest({ method: 'GET', path: path(IDS.simulation), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          simulationDetail: {
            simulationUniqueId: uuid(IDS.simulation),
            simulationNumber: integer(1042),
            creationDate: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-03-02T10:15:30.000Z'),
            origin: string('API'),
            branchId: regex(/^\d+$/, '311'),
            branchDescription: string('Lisboa - Avenida da República'),
            simulationStatusId: 1,
            simulationStatusDescription: string('Simulada'),
          },
          borrowerSimulationDetail: {
            numberOfborrowers: 2,
            keyBorrowerName: string('Ana Sofia Martins'),
            keyBorrowerTaxId: regex(/^\d{9}$/, '169243354'),
            keyBorrowerBirthDate: isoDateTime('1994-04-12T00:00:00.000Z'),
            keyBorrowerIncomeWagesPensions: number(2600),
            keyBorrowerHasSocialSecurityDebt: boolean(false),
            borrowerName: string('João Pedro Almeida'),
            borrowersDependentsNumber: integer(2),
          },
          propertySimulationDetail: {
            typologyId: integer(3),
            typologyDescription: string('Apartamento T2'),
            acquisitionAmount: number(250000),
            evaluationEstimatedAmount: number(255000),
            districtId: integer(11),
          },
          loanSimulationDetail: {
            loanAmount: number(200000),
            loanDurationMonths: integer(360),
            monthlyInstallmentAmount: decimal(842.13),
            mtic: number(335210.13),
            tan: number(2.99),
            taeg: number(3.9),
            loanPurposeId: regex(/^\d+$/, '1'),
            productSchemeId: integer(1),
            indexTypeSubCategoryID: integer(2),
            loanToValue: number(80),
            youthCredit: boolean(false),
          },
          insuranceSimulationDetail: { lifeInsuranceMonthlyAmount: number(68), propertyInsuranceMonthlyAmount: number(15) },
          bankCharges: eachLike({ description: string('Comissão de estudo e dossier'), amount: number(280) }),
        },
      })
    await pact.executeTest(async (server) => {
      const detail = await clientFor(server).simulations.detail(IDS.simulation)
      expect(detail.simulationDetail.simulationUniqueId).toBe(IDS.simulation)
      expect(detail.loanSimulationDetail.monthlyInstallmentAmount).toBeGreaterThan(0)
    })
  })

  it('reads the cancel reason of a cancelled simulation', async () => {
    pact
      .given('a cancelled simulation exists', { simulationUniqueId: IDS.cancelledSimulation })
      .uponReceiving('a request for the detail of a cancelled simulation')
      .withRequest({ method: 'GET', path: path(IDS.cancelledSimulation), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          simulationDetail: {
            simulationUniqueId: uuid(IDS.cancelledSimulation),
            simulationStatusId: integer(4),
            simulationStatusDescription: string('Cancelada'),
            cancelReasonId: integer(1),
            cancelReasonDescription: string('Desistência do cliente'),
            cancelObservations: string('Cancelada pelo cliente.'),
          },
        },
      })
    await pact.executeTest(async (server) => {
      const detail = await clientFor(server).simulations.detail(IDS.cancelledSimulation)
      expect(detail.simulationDetail.cancelReasonId).toBe(1)
    })
  })

  it('gets a 404 for a simulation it does not have', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    pact
      .uponReceiving('a request for the detail of a simulation that does not exist')
      .withRequest({ method: 'GET', path: path(unknown), headers: authorized })
      .willRespondWith({ status: 404, headers: jsonContentType, body: failure('010401', 'simulationUniqueId') })
    await pact.executeTest(async (server) => {
      await expect(clientFor(server).simulations.detail(unknown)).rejects.toMatchObject({ status: 404 })
    })
  })

  it('updates the loan amount of a simulation', async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to update the loan amount of a simulation')
      .withRequest({ method: 'PATCH', path: path(IDS.simulation), headers: jsonRequest, body: { loanSimulator: { loanAmount: 180000 } } })
      .willRespondWith({ status: 200, headers: jsonContentType, body: outcome(IDS.simulation) })
    await pact.executeTest(async (server) => {
      const updated = await clientFor(server).simulations.update(IDS.simulation, { loanSimulator: { loanAmount: 180000 } })
      expect(updated.additionalData?.simulationUniqueID).toBe(IDS.simulation)
    })
  })

  it('is refused the update of a Completed simulation', async () => {
    pact
      .given('a completed simulation exists', { simulationUniqueId: IDS.completedSimulation })
      .uponReceiving('a request to update a completed simulation')
      .withRequest({ method: 'PATCH', path: path(IDS.completedSimulation), headers: jsonRequest, body: { loanSimulator: { loanAmount: 180000 } } })
      .willRespondWith({ status: 400, headers: jsonContentType, body: failure('010301', 'simulationUniqueId') })
    await pact.executeTest(async (server) => {
      const refusal = await clientFor(server)
        .simulations.update(IDS.completedSimulation, { loanSimulator: { loanAmount: 180000 } })
        .catch((e: unknown) => e)
      expect(refusal).toBeInstanceOf(PartnerApiError)
      expect((refusal as PartnerApiError).body?.errors[0]?.errorCode).toBe('010301')
    })
  })

  it('cancels a simulation with a reason', async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to cancel a simulation')
      .withRequest({ method: 'DELETE', path: path(IDS.simulation), headers: jsonRequest, body: { simulationCancelReasonId: 1, cancelComments: 'O cliente desistiu.' } })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      const cancelled = await clientFor(server).simulations.cancel(IDS.simulation, 1, 'O cliente desistiu.')
      expect(cancelled.operationStatus.operationStatusCode).toBe('020101')
    })
  })

  it('cancels a non-eligible simulation', async () => {
    pact
      .given('a non-eligible simulation exists', { simulationUniqueId: IDS.nonEligibleSimulation })
      .uponReceiving('a request to cancel a non-eligible simulation')
      .withRequest({ method: 'DELETE', path: path(IDS.nonEligibleSimulation), headers: jsonRequest, body: { simulationCancelReasonId: 1 } })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).simulations.cancel(IDS.nonEligibleSimulation, 1)
    })
  })

  it("writes a message about a simulation and reads the bank's", async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to write a message about a simulation')
      .withRequest({ method: 'POST', path: path(IDS.simulation, '/message'), headers: jsonRequest, body: { messageText: 'Podemos rever o prazo para 35 anos?' } })
      .willRespondWith({ status: 201, headers: jsonContentType, body: success({ messageUniqueID: uuid('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d') }) })
    pact
      .given('a simulation has a bank message', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request for the messages of a simulation')
      .withRequest({ method: 'GET', path: path(IDS.simulation, '/message'), headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          totalRecords: integer(1),
          hasMoreResults: boolean(false),
          listMessageDetail: eachLike({
            messageUniqueID: uuid('b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e'),
            messageText: string('Precisamos do último recibo de vencimento.'),
            messageDate: isoDateTime(),
            origin: 'BANK',
          }),
        },
      })
    await pact.executeTest(async (server) => {
      const client = clientFor(server)
      await client.simulations.sendMessage(IDS.simulation, 'Podemos rever o prazo para 35 anos?')
      expect((await client.simulations.messages(IDS.simulation)).listMessageDetail[0]?.origin).toBe('BANK')
    })
  })

  it('downloads the ESIS of a simulation as a PDF and sends it by e-mail', async () => {
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request for the ESIS of a simulation')
      .withRequest({ method: 'GET', path: path(IDS.simulation, '/esis'), headers: { ...authorized, Accept: 'application/pdf' } })
      .willRespondWith({ status: 200, headers: { 'Content-Type': regex(/^application\/pdf.*$/, 'application/pdf') } })
    pact
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to e-mail the ESIS of a simulation')
      .withRequest({ method: 'GET', path: path(IDS.simulation, '/esis/email'), query: { email: 'ana.martins@example.pt' }, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: success({ emailUniqueID: uuid('c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f'), relayStatus: regex(/^(captured|relayed|failed)$/, 'captured') }),
      })
    await pact.executeTest(async (server) => {
      const client = clientFor(server)
      expect((await client.simulations.esis(IDS.simulation)).contentType).toMatch(/^application\/pdf/)
      expect((await client.simulations.emailEsis(IDS.simulation, 'ana.martins@example.pt')).additionalData?.relayStatus).toBe('captured')
    })
  })
})
