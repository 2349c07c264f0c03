import type { Db } from '../../db/connection.ts'
import { createSequence } from '../../db/sequence.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { searchTerms } from './simulation-search.ts'
import type { StatusOrigin } from './simulation-status.ts'
import type { StoredSimulation } from './stored-simulation.ts'

/** The columns an evaluation (create or update) writes. */
export type EvaluationColumns = Pick<
  StoredSimulation,
  | 'simulationUniqueId'
  | 'updatedAt'
  | 'evaluatedOn'
  | 'keyBorrowerName'
  | 'keyBorrowerTaxId'
  | 'borrowerName'
  | 'borrowerTaxId'
  | 'loanAmount'
  | 'propertyAmount'
  | 'ltvEstimated'
  | 'youthCredit'
  | 'eligible'
  | 'input'
  | 'engineInput'
  | 'quote'
  | 'failures'
  | 'profile'
>

export type NewSimulation = EvaluationColumns &
  Pick<StoredSimulation, 'simulationNumber' | 'partnerUniqueID' | 'brokerId' | 'userId' | 'branchId' | 'branchDescription' | 'origin' | 'statusId' | 'statusLastAt' | 'createdAt'>

export interface StatusHistoryEntry {
  statusId: number
  previousStatusId: number | null
  changedAt: number
  origin: StatusOrigin
  userId: number | null
}

/** The columns the list's text filter searches. */
interface SearchSource {
  brokerId: number
  keyBorrowerName: string
  keyBorrowerTaxId: string
  borrowerName: string | null
  borrowerTaxId: string | null
  branchDescription: string
}

const COLUMNS = `simulation_unique_id AS simulationUniqueId, simulation_number AS simulationNumber,
  partner_unique_id AS partnerUniqueID, broker_id AS brokerId, user_id AS userId, branch_id AS branchId,
  branch_description AS branchDescription, origin, status_id AS statusId, status_last_at AS statusLastAt,
  created_at AS createdAt, updated_at AS updatedAt, evaluated_on AS evaluatedOn,
  cancel_reason_id AS cancelReasonId, cancel_observations AS cancelObservations,
  process_unique_id AS processUniqueId, process_number AS processNumber,
  key_borrower_name AS keyBorrowerName, key_borrower_tax_id AS keyBorrowerTaxId,
  borrower_name AS borrowerName, borrower_tax_id AS borrowerTaxId, loan_amount AS loanAmount,
  property_amount AS propertyAmount, ltv_estimated AS ltvEstimated, youth_credit AS youthCredit,
  eligible, input, engine_input AS engineInput, quote, failures, profile, scenario, reject_reason_id AS rejectReasonId`

/** SQL of the simulations, statements prepared once. Every read names the broker: tenancy lives here. */
export function createSimulationRepository(db: Db, writes: Pick<Transactions, 'beforeCommit'>) {
  const numbers = createSequence(db, writes, 'simulation_number')
  const insert = db.prepare(`INSERT INTO simulation (simulation_unique_id, simulation_number, partner_unique_id,
    broker_id, user_id, branch_id, branch_description, origin, status_id, status_last_at, created_at, updated_at,
    evaluated_on, key_borrower_name, key_borrower_tax_id, borrower_name, borrower_tax_id, loan_amount,
    property_amount, ltv_estimated, youth_credit, eligible, input, engine_input, quote, failures, profile)
    VALUES (@simulationUniqueId, @simulationNumber, @partnerUniqueID, @brokerId, @userId, @branchId,
    @branchDescription, @origin, @statusId, @statusLastAt, @createdAt, @updatedAt, @evaluatedOn, @keyBorrowerName,
    @keyBorrowerTaxId, @borrowerName, @borrowerTaxId, @loanAmount, @propertyAmount, @ltvEstimated, @youthCredit,
    @eligible, @input, @engineInput, @quote, @failures, @profile)`)
  const insertSearch = db.prepare('INSERT INTO simulation_search (rowid, terms) VALUES (?, ?)')
  const deleteSearch = db.prepare('DELETE FROM simulation_search WHERE rowid = ?')
  const searchSource = db.prepare(`SELECT broker_id AS brokerId, key_borrower_name AS keyBorrowerName,
    key_borrower_tax_id AS keyBorrowerTaxId, borrower_name AS borrowerName, borrower_tax_id AS borrowerTaxId,
    branch_description AS branchDescription FROM simulation WHERE simulation_number = ?`)
  const findForBroker = db.prepare(`SELECT ${COLUMNS} FROM simulation WHERE simulation_unique_id = ? AND broker_id = ?`)
  const removeOfPartner = db.prepare('DELETE FROM simulation WHERE partner_unique_id = ?')
  // Oldest first (rowid follows insertion), never one a process still stands on.
  const removeOlder = db.prepare(`DELETE FROM simulation WHERE rowid IN (SELECT s.rowid FROM simulation s
    WHERE s.created_at < @cutoff AND NOT EXISTS (SELECT 1 FROM process p WHERE p.simulation_unique_id = s.simulation_unique_id)
    ORDER BY s.rowid LIMIT @limit)`)
  const updateEvaluation = db.prepare(`UPDATE simulation SET updated_at = @updatedAt, evaluated_on = @evaluatedOn,
    key_borrower_name = @keyBorrowerName, key_borrower_tax_id = @keyBorrowerTaxId, borrower_name = @borrowerName,
    borrower_tax_id = @borrowerTaxId, loan_amount = @loanAmount, property_amount = @propertyAmount,
    ltv_estimated = @ltvEstimated, youth_credit = @youthCredit, eligible = @eligible, input = @input,
    engine_input = @engineInput, quote = @quote, failures = @failures, profile = @profile
    WHERE simulation_unique_id = @simulationUniqueId`)
  const updateStatus = db.prepare(`UPDATE simulation SET status_id = @statusId, status_last_at = @at, updated_at = @at
    WHERE simulation_unique_id = @simulationUniqueId`)
  const updateCancel = db.prepare(`UPDATE simulation SET cancel_reason_id = @reasonId, cancel_observations = @observations
    WHERE simulation_unique_id = @simulationUniqueId`)
  const updateProcess = db.prepare(`UPDATE simulation SET process_unique_id = @processUniqueId, process_number = @processNumber
    WHERE simulation_unique_id = @simulationUniqueId`)
  const updateScenario = db.prepare(`UPDATE simulation SET scenario = @scenario, reject_reason_id = @rejectReasonId
    WHERE simulation_unique_id = @simulationUniqueId`)
  const updateEligibility = db.prepare(`UPDATE simulation SET eligible = @eligible, reject_reason_id = @rejectReasonId
    WHERE simulation_unique_id = @simulationUniqueId`)
  const insertHistory = db.prepare(`INSERT INTO simulation_status_history
    (simulation_unique_id, status_id, previous_status_id, changed_at, origin, user_id)
    VALUES (@simulationUniqueId, @statusId, @previousStatusId, @changedAt, @origin, @userId)`)
  const history = db.prepare(`SELECT status_id AS statusId, previous_status_id AS previousStatusId, changed_at AS changedAt,
    origin, user_id AS userId FROM simulation_status_history WHERE simulation_unique_id = ? ORDER BY history_id`)

  return {
    nextNumber: () => numbers.next(),
    insert: (row: NewSimulation) => void insert.run(row),
    findForBroker: (simulationUniqueId: string, brokerId: number) => findForBroker.get(simulationUniqueId, brokerId) as StoredSimulation | undefined,
    /** Deletes every simulation of the partner; history, messages and search words go with them (foreign keys, triggers). */
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    /** Deletes up to `limit` simulations created before `cutoff` (epoch ms) that no process stands on. */
    removeOlderThan: (cutoff: number, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
    updateEvaluation: (columns: EvaluationColumns) => void updateEvaluation.run(columns),
    /**
     * Writes the words of the list's text filter of a simulation as it is stored now (see
     * simulation-search.ts); none when it no longer exists. `replace` removes the words it had.
     */
    indexSearchWords(simulationNumber: number, replace: boolean) {
      if (replace) deleteSearch.run(simulationNumber)
      const row = searchSource.get(simulationNumber) as SearchSource | undefined
      if (row)
        insertSearch.run(simulationNumber, searchTerms(row.brokerId, [row.keyBorrowerName, row.keyBorrowerTaxId, row.borrowerName, row.borrowerTaxId, row.branchDescription]))
    },
    updateStatus: (simulationUniqueId: string, statusId: number, at: number) => void updateStatus.run({ simulationUniqueId, statusId, at }),
    updateCancel: (simulationUniqueId: string, reasonId: number, observations: string | null) => void updateCancel.run({ simulationUniqueId, reasonId, observations }),
    updateProcess: (simulationUniqueId: string, processUniqueId: string, processNumber: number) => void updateProcess.run({ simulationUniqueId, processUniqueId, processNumber }),
    /** The scenario a simulation runs under and the non-eligibility reason it forced (null: the engine's own answer). */
    updateScenario: (simulationUniqueId: string, scenario: string | null, rejectReasonId: number | null) =>
      void updateScenario.run({ simulationUniqueId, scenario, rejectReasonId }),
    /** Eligibility forced outside an evaluation (the control API moving it to Simulated or Not eligible). */
    updateEligibility: (simulationUniqueId: string, eligible: boolean, rejectReasonId: number | null) =>
      void updateEligibility.run({ simulationUniqueId, eligible: eligible ? 1 : 0, rejectReasonId }),
    insertHistory: (simulationUniqueId: string, entry: StatusHistoryEntry) => void insertHistory.run({ simulationUniqueId, ...entry }),
    history: (simulationUniqueId: string) => history.all(simulationUniqueId) as StatusHistoryEntry[],
  }
}

export type SimulationRepository = ReturnType<typeof createSimulationRepository>
