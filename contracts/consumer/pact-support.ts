import { MatchersV3, PactV3, type V3MockServer } from '@pact-foundation/pact'
import { fileURLToPath } from 'node:url'
import { createPartnerClient, type PartnerClient } from './partner-client.ts'
import type { SimulationInput } from './partner-api.types.ts'

const { like, regex, string, uuid } = MatchersV3

export const CONSUMER = 'reference-partner-client'
export const PROVIDER = 'mortgage-partner-portal'
export const PACT_DIR = fileURLToPath(new URL('../pacts', import.meta.url))

/** One pact per test file, all merged into contracts/pacts/<consumer>-<provider>.json. */
export const newPact = () => new PactV3({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' })

/** The client as the consumer's code uses it, pointed at Pact's mock server. Any token: the sandbox issues its own when verifying. */
export const clientFor = (server: V3MockServer, language?: 'pt-PT' | 'en'): PartnerClient =>
  createPartnerClient({ baseUrl: server.url, token: SAMPLE_TOKEN, ...(language ? { language } : {}) })

export const SAMPLE_TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.sample.token'

/** Ids the provider states create (explicit ids, so the paths can name them). */
export const IDS = {
  partner: '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60',
  otherPartner: '3f6a9c2e-8b1d-4e7f-a5c3-9d2b6e8f1a47',
  simulation: '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10',
  completedSimulation: '6c1f9a0b-4d2e-4f3a-8b8c-7d6e5f4a3b21',
  nonEligibleSimulation: '7d2a0b1c-5e3f-4a4b-9c9d-8e7f6a5b4c32',
  cancelledSimulation: '8e3b1c2d-6f4a-4b5c-8d0e-9f8a7b6c5d43',
  process: '0d6c1b2a-4e5f-4a7b-8c9d-1e2f3a4b5c6d',
  readyProcess: '1e7d2c3b-5f6a-4b8c-9d0e-2f3a4b5c6d7e',
  submittedProcess: '2f8e3d4c-6a7b-4c9d-8e1f-3a4b5c6d7e8f',
  keyBorrower: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6e',
  coBorrower: '2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7f',
  property: '3c4d5e6f-7a8b-4c0d-9e2f-3a4b5c6d7e80',
  document: '4d5e6f7a-8b9c-4d1e-8f3a-4b5c6d7e8f91',
} as const

export const CALLBACK_URL = 'https://hooks.partner.example/mortgage-notifications'

/** The process fixture with every id the tests name. */
export const PROCESS_STATE = { processUniqueId: IDS.process, keyBorrowerUniqueId: IDS.keyBorrower, borrowerUniqueId: IDS.coBorrower, propertyUniqueId: IDS.property }

export const authorized = { Authorization: regex(/^Bearer \S+$/, `Bearer ${SAMPLE_TOKEN}`) }
export const jsonContentType = { 'Content-Type': regex(/^application\/json.*$/, 'application/json') }

/** The success envelope of mutating operations (code 020101), with its additionalData when given. */
export const success = (additionalData?: Record<string, unknown>) => ({
  operationStatus: { operationStatusCode: '020101', operationStatusMessage: string('Operação efetuada com sucesso.') },
  ...(additionalData ? { additionalData } : {}),
})

/** An error body whose first item has this code and field. */
export const failure = (errorCode: string, errorField: string) => ({
  operationStatus: { operationStatusCode: like('010100'), operationStatusMessage: string('O pedido contém dados inválidos.') },
  errors: MatchersV3.eachLike({ errorCode, errorMessage: string('Campo obrigatório em falta.'), errorField }),
})

export const isoDateTime = (example = '2026-03-02T10:15:30.000Z') => regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, example)

/** Two borrowers in their thirties, 200,000 € over 30 years on a 250,000 € home, variable rate (Euribor 6M). */
export const SIMULATION_INPUT: SimulationInput = {
  loanSimulator: {
    loanDurationMonths: 360,
    loanAmount: 200000,
    productSchemeId: 1,
    loanPurposeId: 1,
    productPurposeId: 1,
    hasCrossSelling: true,
    interestRateTypeID: 2,
    indexTypeID: 2,
    youthCredit: false,
  },
  borrowersSimulator: {
    numberOfborrowers: 2,
    keyBorrowerName: 'Marta Ribeiro Costa',
    keyBorrowerBirthDate: '1991-05-20',
    keyBorrowerIncomeWagesPensions: 2800,
    keyBorrowerInstallmentPersonalCredit: 120,
    borrowerName: 'Tiago Costa',
    borrowerBirthDate: '1989-11-02',
    borrowerIncomeWagesPensions: 2300,
  },
  propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000, sustainabilityCampaign: false },
}
