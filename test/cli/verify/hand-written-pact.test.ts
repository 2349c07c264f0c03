import { describe, expect, it } from 'vitest'
import { ANY_TOKEN, PARTNER_A, PARTNER_B, typeRules, verify, writePact, type PactInteraction } from './support/pact-files.ts'

const SIMULATION = '6c1f9a0b-4d2e-4f3a-8b8c-7d6e5f4a3b21'
const PROCESS = '0d6c1b2a-4e5f-4a7b-8c9d-1e2f3a4b5c6d'
const KEY_BORROWER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6e'
const DOCUMENT = '4d5e6f7a-8b9c-4d1e-8f3a-4b5c6d7e8f91'
const NEW_PARTNER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'
const CALLBACK_URL = 'https://hooks.partner.example/notifications'
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
const json = { 'Content-Type': 'application/json' }
const success = { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' }

/**
 * Written as a partner would without a consumer DSL: the Pact JSON format (V3), the interface
 * document's field names (misspellings included), the documented provider states and parameters.
 */
const INTERACTIONS: PactInteraction[] = [
  {
    description: 'a new simulation is created and its eligibility returned',
    request: {
      method: 'POST',
      path: '/v1/simulations',
      headers: { ...ANY_TOKEN, ...json },
      body: {
        loanSimulator: {
          loanDurationMonths: 300,
          loanAmount: 150000,
          productSchemeId: 1,
          loanPurposeId: 1,
          productPurposeId: 1,
          hasCrossSelling: false,
          interestRateTypeID: 2,
          indexTypeID: 2,
          youthCredit: false,
        },
        borrowersSimulator: { numberOfborrowers: 1, keyBorrowerName: 'Inês Carvalho', keyBorrowerBirthDate: '1990-07-01', keyBorrowerIncomeWagesPensions: 3200 },
        propertySimulator: { acquisitionAmount: 210000, evaluationEstimatedAmount: 215000 },
      },
    },
    response: {
      status: 201,
      body: { operationStatus: success, additionalData: { simulationUniqueID: SIMULATION, simulationNumber: '1', elegibility: true } },
      matchingRules: {
        body: {
          ...typeRules('operationStatus.operationStatusMessage'),
          '$.additionalData.simulationUniqueID': { matchers: [{ match: 'regex', regex: UUID }] },
          '$.additionalData.simulationNumber': { matchers: [{ match: 'regex', regex: '^\\d+$' }] },
        },
      },
    },
  },
  {
    description: 'the detail of a simulation is read',
    providerStates: [{ name: 'a simulation exists', params: { simulationUniqueId: SIMULATION } }],
    request: { method: 'GET', path: `/v1/simulations/${SIMULATION}`, headers: ANY_TOKEN },
    response: {
      status: 200,
      body: {
        simulationDetail: { simulationUniqueId: SIMULATION, simulationNumber: 1, simulationStatusId: 1, branchId: '311' },
        borrowerSimulationDetail: { numberOfborrowers: 2, keyBorrowerName: 'Ana', keyBorrowerHasSocialSecurityDebt: false },
        loanSimulationDetail: { loanAmount: 200000, loanPurposeId: '1', monthlyInstallmentAmount: 842.13, taeg: 3.9 },
        bankCharges: [{ description: 'Comissão de estudo e dossier', amount: 280 }],
      },
      matchingRules: {
        body: {
          ...typeRules('simulationDetail.simulationNumber', 'simulationDetail.branchId', 'borrowerSimulationDetail.keyBorrowerName', 'loanSimulationDetail.loanAmount'),
          ...typeRules('loanSimulationDetail.monthlyInstallmentAmount', 'loanSimulationDetail.taeg', 'loanSimulationDetail.loanPurposeId'),
          '$.bankCharges': { matchers: [{ match: 'type', min: 1 }] },
        },
      },
    },
  },
  {
    description: 'a completed simulation is not updated',
    providerStates: [{ name: 'a completed simulation exists', params: { simulationUniqueId: SIMULATION } }],
    request: { method: 'PATCH', path: `/v1/simulations/${SIMULATION}`, headers: { ...ANY_TOKEN, ...json }, body: { propertySimulator: { acquisitionAmount: 240000 } } },
    response: { status: 400, body: { errors: [{ errorCode: '010301', errorField: 'simulationUniqueId' }] } },
  },
  {
    description: 'a non-eligible simulation shows its status',
    providerStates: [{ name: 'a non-eligible simulation exists', params: { simulationUniqueId: SIMULATION } }],
    request: { method: 'GET', path: `/v1/simulations/${SIMULATION}`, headers: ANY_TOKEN },
    response: { status: 200, body: { simulationDetail: { simulationUniqueId: SIMULATION, simulationStatusId: 2 } } },
  },
  {
    description: 'a cancelled simulation shows its cancel reason',
    providerStates: [{ name: 'a cancelled simulation exists', params: { simulationUniqueId: SIMULATION } }],
    request: { method: 'GET', path: `/v1/simulations/${SIMULATION}`, headers: ANY_TOKEN },
    response: {
      status: 200,
      body: { simulationDetail: { simulationStatusId: 4, cancelReasonId: 1, cancelReasonDescription: 'x', cancelObservations: 'x' } },
      matchingRules: { body: typeRules('simulationDetail.cancelReasonId', 'simulationDetail.cancelReasonDescription', 'simulationDetail.cancelObservations') },
    },
  },
  {
    description: 'the key borrower of a complete process is read, misspelled fields included',
    providerStates: [{ name: 'a process ready to submit exists', params: { processUniqueId: PROCESS, keyBorrowerUniqueId: KEY_BORROWER } }],
    request: { method: 'GET', path: `/v1/processes/${PROCESS}/borrower/${KEY_BORROWER}`, headers: ANY_TOKEN },
    response: {
      status: 200,
      body: {
        borrowerUniqueID: KEY_BORROWER,
        borrowerTypeID: 1,
        borrowerPersonalData: { name: 'Ana', taxID: '123456789', matriomonialRegimeID: 1, matriomonialRegimeDescription: 'x' },
        borrowerFinancialData: { hasSocialSecurityDebt: false },
        borrowerProfessionalData: { employmentsSituationDescription: 'x' },
      },
      matchingRules: {
        body: typeRules(
          'borrowerPersonalData.name',
          'borrowerPersonalData.taxID',
          'borrowerPersonalData.matriomonialRegimeID',
          'borrowerPersonalData.matriomonialRegimeDescription',
          'borrowerProfessionalData.employmentsSituationDescription',
        ),
      },
    },
  },
  {
    description: 'a submitted process is cancelled',
    providerStates: [{ name: 'a submitted process exists', params: { processUniqueId: PROCESS } }],
    request: { method: 'DELETE', path: `/v1/processes/${PROCESS}`, headers: { ...ANY_TOKEN, ...json }, body: { proposalCancelReasonId: 2 } },
    response: { status: 200, body: { operationStatus: { operationStatusCode: '020101' } } },
  },
  {
    description: 'a document of a process is read',
    providerStates: [{ name: 'a document exists', params: { processUniqueId: PROCESS, documentUniqueId: DOCUMENT } }],
    request: { method: 'GET', path: `/v1/processes/${PROCESS}/document/${DOCUMENT}`, headers: ANY_TOKEN },
    response: { status: 200, body: { documentUniqueID: DOCUMENT, contentType: 'application/pdf' } },
  },
  {
    description: 'the callbacks of another partner are listed by that partner',
    providerStates: [{ name: 'a callback is registered', params: { partnerUniqueID: PARTNER_B, notificationType: 7, callbackUrl: CALLBACK_URL } }],
    request: { method: 'GET', path: `/${PARTNER_B}/callbacks`, headers: ANY_TOKEN },
    response: { status: 200, body: { callbackList: [{ notificationType: 7, callbackUrl: CALLBACK_URL }] } },
  },
  {
    description: 'a partner new to the sandbox has no callbacks',
    providerStates: [{ name: 'a partner exists', params: { partnerUniqueID: NEW_PARTNER } }],
    request: { method: 'GET', path: `/${NEW_PARTNER}/callbacks`, headers: ANY_TOKEN },
    response: { status: 200, body: { callbackList: [] } },
  },
  {
    description: 'an echo of a process status notification',
    providerStates: [
      { name: 'a process exists', params: { processUniqueId: PROCESS } },
      { name: 'a callback is registered', params: { partnerUniqueID: PARTNER_A, notificationType: 5, callbackUrl: CALLBACK_URL } },
    ],
    request: { method: 'POST', path: `/v1/callbacks/echo/${PARTNER_A}/5`, headers: { ...ANY_TOKEN, ...json }, body: { processUniqueId: PROCESS } },
    response: { status: 200, body: { operationStatus: { operationStatusCode: '020101' } } },
  },
]

describe('a pact written by hand in the Pact JSON format', () => {
  it('passes verification against the sandbox', async () => {
    const { code, out } = await verify('--pact', writePact('hand-written-partner', INTERACTIONS))
    expect(out).toContain(`Result: PASSED: ${INTERACTIONS.length} interaction(s) verified`)
    expect(code).toBe(0)
  })

  it('passes the static check against the OpenAPI document', async () => {
    const { code, out } = await verify('--static', '--pact', writePact('hand-written-partner', INTERACTIONS))
    expect(out).toContain('Result: PASSED: 1 pact(s) match the OpenAPI document')
    expect(code).toBe(0)
  })
})
