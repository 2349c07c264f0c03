/** A stored simulation; the JSON columns are left as text for the caller to parse what it needs. */
export interface StoredSimulation {
  simulationUniqueId: string
  simulationNumber: number
  partnerUniqueID: string
  brokerId: number
  userId: number
  branchId: number
  branchDescription: string
  origin: string
  statusId: number
  statusLastAt: number
  createdAt: number
  updatedAt: number
  evaluatedOn: string
  cancelReasonId: number | null
  cancelObservations: string | null
  processUniqueId: string | null
  processNumber: number | null
  keyBorrowerName: string
  keyBorrowerTaxId: string
  borrowerName: string | null
  borrowerTaxId: string | null
  loanAmount: number
  propertyAmount: number
  ltvEstimated: number
  youthCredit: number
  eligible: number
  input: string
  engineInput: string
  quote: string
  failures: string
  profile: string
  /** The scenario the simulation was created or last updated under: its eligibility effect stays with it. */
  scenario: string | null
  /** From simulation-reject-reasons: the non-eligibility a scenario or the control API forced. */
  rejectReasonId: number | null
}
