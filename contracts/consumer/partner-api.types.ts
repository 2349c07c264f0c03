/**
 * The bank's Mortgage Partner Portal API as a broker's client sees it: the interface document's
 * field names, exactly (elegibility, numberOfborrowers, matriomonialRegimeID, simulationUniqueID in
 * list items but simulationUniqueId in simulationDetail). Only what the client reads is typed. A
 * field without a value is absent from an answer, never null: optional here, as a client generated
 * from the bank's schema has it.
 */

export interface OperationStatus {
  operationStatusCode: string
  operationStatusMessage: string
}

export interface Envelope<T = undefined> {
  operationStatus: OperationStatus
  additionalData?: T
}

export interface ErrorItem {
  errorCode: string
  errorMessage: string
  errorField: string
}

export interface ErrorBody {
  operationStatus: OperationStatus
  errors: ErrorItem[]
}

export interface AuthenticationResult {
  accessToken: string
  tokenType: 'Bearer'
  expiresIn: number
  partnerUniqueID: string
  brokerId: number
  userId: number
}

export interface SimulationInput {
  loanSimulator: {
    loanDurationMonths: number
    loanAmount: number
    productSchemeId: number
    loanPurposeId: number
    productPurposeId: number
    hasCrossSelling: boolean
    interestRateTypeID: number
    indexTypeID?: number
    indexTypeMixedID?: number
    fixedPeriodID?: number
    utilizationPeriod?: number
    youthCredit: boolean
  }
  borrowersSimulator: { numberOfborrowers: number; keyBorrowerName: string; keyBorrowerBirthDate: string } & Record<string, string | number>
  propertySimulator: { acquisitionAmount: number; evaluationEstimatedAmount: number; sustainabilityCampaign?: boolean } & Record<string, number | boolean>
}

export type SimulationPatch = { [K in keyof SimulationInput]?: Partial<SimulationInput[K]> }

export interface SimulationResult {
  simulationUniqueID: string
  simulationNumber: string
  elegibility: boolean
  nonElegibilityDescription?: string
}

export interface SimulationListItem {
  simulationUniqueID: string
  simulationNumber: number
  keyBorrowerName: string
  keyBorrowerTaxID: string
  loanAmount: number
  statusLastDate: string
  simulationStatusID: number
  simulationStatusDescription: string
  propertyAmount: number
  ltvEstimated: number
  branchID: number
  branchDescription: string
  origin: string
  youthCredit: boolean
}

export interface SimulationList {
  totalRecords: number
  hasMoreResults: boolean
  listSimulationDetail: SimulationListItem[]
}

export interface SimulationListQuery {
  filterByText?: string
  filterSimulationStatus?: number
  lineCount?: number
  nextRecord?: string
  previousRecord?: string
}

export interface SimulationDetail {
  simulationDetail: {
    simulationUniqueId: string
    simulationNumber: number
    processUniqueId?: string
    creationDate: string
    simulationStatusId: number
    simulationStatusDescription: string
    cancelReasonId?: number
    cancelReasonDescription?: string
    cancelObservations?: string
  }
  borrowerSimulationDetail: { numberOfborrowers: number; keyBorrowerName: string; keyBorrowerTaxId: string }
  propertySimulationDetail: { typologyId: number; acquisitionAmount: number; evaluationEstimatedAmount: number }
  loanSimulationDetail: { loanAmount: number; loanDurationMonths: number; monthlyInstallmentAmount: number; tan: number; taeg: number; mtic: number; loanPurposeId: string }
  insuranceSimulationDetail: { lifeInsuranceMonthlyAmount: number; propertyInsuranceMonthlyAmount: number }
  bankCharges: Array<{ description: string; amount: number }>
}

export interface BorrowerListItem {
  borrowerUniqueID: string
  borrowerTypeID: number
  borrowerTypeDescription: string
  keyBorrowerRelationID?: number
  keyBorrowerRelationDescription?: string
}

export interface Borrower extends BorrowerListItem {
  borrowerPersonalData: { name: string; birthDate: string; taxID: string; matriomonialRegimeID?: number } & Record<string, unknown>
  borrowerFinancialData: { incomeWagesPensions: number; hasSocialSecurityDebt: boolean } & Record<string, unknown>
  borrowerProfessionalData: { employmentsSituationDescription?: string } & Record<string, unknown>
}

export interface BorrowerRequest {
  borrowerTypeId?: number
  keyBorrowerRelationId?: number
  personalDataBorrowerRequest?: Record<string, string | number | null>
  financialDataBorrowerRequest?: Record<string, number | boolean | null>
  professionalDataBorrowerRequest?: Record<string, string | number | null>
}

export interface ProcessDetail {
  processDetail: { processUniqueId: string; processNumber: number; simulationUniqueId: string; processStatusId: number; processStatusDescription: string }
  loanProcessDetail: { loanAmount: number; monthlyInstallmentAmount: number }
  borrowers: BorrowerListItem[]
  propertyProcessDetail: { propertyUniqueId: string }
}

export interface ProcessDocument {
  documentUniqueID: string
  documentTypeID: number
  documentTypeDescription: string
  borrowerUniqueID?: string
  fileName: string
  contentType: string
  size: number
  uploadDate: string
}

export interface Property {
  propertyUniqueId: string
  typologyId: number
  districtId: number
  countyId: number
  parishId: number
  address?: string
  acquisitionAmount: number
}

export interface Message {
  messageUniqueID: string
  messageText: string
  messageDate: string
  origin: 'BROKER' | 'BANK'
}

export interface MessageList {
  totalRecords: number
  hasMoreResults: boolean
  listMessageDetail: Message[]
}

export interface EsisEmailResult {
  emailUniqueID: string
  relayStatus: 'captured' | 'relayed' | 'failed'
}

export interface CallbackConfiguration {
  notificationType: number
  notificationTypeDescription: string
  callbackUrl: string
  status: string
}

export interface CallbackUpdateResult {
  notificationType: number
  callbackUrl: string
  signingSecret: string
}

export interface EchoRequest {
  processUniqueId?: string
  simulationUniqueId?: string
  messageText?: string
}

export interface TaxonomyItem {
  id: number
  description: string
  [attribute: string]: unknown
}
