import type { Db } from '../../db/connection.ts'
import type { ProcessStatusOrigin } from './process-status.ts'
import { createSequence } from '../../db/sequence.ts'
import type { Transactions } from '../../db/write-batch.ts'

/** A stored process; the JSON columns are left as text for the caller to parse what it needs. */
export interface ProcessRow {
  processUniqueId: string
  processNumber: number
  partnerUniqueID: string
  brokerId: number
  userId: number
  simulationUniqueId: string
  branchId: number
  branchDescription: string
  statusId: number
  statusLastAt: number
  createdAt: number
  updatedAt: number
  submittedAt: number | null
  cancelReasonId: number | null
  cancelObservations: string | null
  evaluatedOn: string
  loanAmount: number
  propertyAmount: number
  ltvEstimated: number
  youthCredit: number
  eligible: number
  loan: string
  engineInput: string
  quote: string
  failures: string
  /** The scenario the process runs under (its own, or its simulation's), driving the bank's side at Submit. */
  scenario: string | null
  /** From proposal-reject-reasons, once Rejected. */
  rejectReasonId: number | null
}

/** The columns an evaluation (create, loan update, a change of borrowers or property) writes. */
export type ProcessEvaluationColumns = Pick<
  ProcessRow,
  'processUniqueId' | 'updatedAt' | 'evaluatedOn' | 'loanAmount' | 'propertyAmount' | 'ltvEstimated' | 'youthCredit' | 'eligible' | 'loan' | 'engineInput' | 'quote' | 'failures'
>

export type NewProcess = ProcessEvaluationColumns &
  Pick<
    ProcessRow,
    'processNumber' | 'partnerUniqueID' | 'brokerId' | 'userId' | 'simulationUniqueId' | 'branchId' | 'branchDescription' | 'statusId' | 'statusLastAt' | 'createdAt'
  >

export interface ProcessStatusHistoryEntry {
  statusId: number
  previousStatusId: number | null
  changedAt: number
  origin: ProcessStatusOrigin
  userId: number | null
}

const COLUMNS = `process_unique_id AS processUniqueId, process_number AS processNumber,
  partner_unique_id AS partnerUniqueID, broker_id AS brokerId, user_id AS userId,
  simulation_unique_id AS simulationUniqueId, branch_id AS branchId, branch_description AS branchDescription,
  status_id AS statusId, status_last_at AS statusLastAt, created_at AS createdAt, updated_at AS updatedAt,
  submitted_at AS submittedAt, cancel_reason_id AS cancelReasonId, cancel_observations AS cancelObservations,
  evaluated_on AS evaluatedOn, loan_amount AS loanAmount, property_amount AS propertyAmount,
  ltv_estimated AS ltvEstimated, youth_credit AS youthCredit, eligible, loan, engine_input AS engineInput,
  quote, failures, scenario, reject_reason_id AS rejectReasonId`

/** SQL of the process itself, statements prepared once. Reads for a request name the broker: tenancy lives here. */
export function createProcessRepository(db: Db, writes: Pick<Transactions, 'beforeCommit'>) {
  const numbers = createSequence(db, writes, 'process_number')
  const insert = db.prepare(`INSERT INTO process (process_unique_id, process_number, partner_unique_id, broker_id,
    user_id, simulation_unique_id, branch_id, branch_description, status_id, status_last_at, created_at, updated_at,
    evaluated_on, loan_amount, property_amount, ltv_estimated, youth_credit, eligible, loan, engine_input, quote, failures)
    VALUES (@processUniqueId, @processNumber, @partnerUniqueID, @brokerId, @userId, @simulationUniqueId, @branchId,
    @branchDescription, @statusId, @statusLastAt, @createdAt, @updatedAt, @evaluatedOn, @loanAmount, @propertyAmount,
    @ltvEstimated, @youthCredit, @eligible, @loan, @engineInput, @quote, @failures)`)
  const findForBroker = db.prepare(`SELECT ${COLUMNS} FROM process WHERE process_unique_id = ? AND broker_id = ?`)
  const findById = db.prepare(`SELECT ${COLUMNS} FROM process WHERE process_unique_id = ?`)
  const updateEvaluation = db.prepare(`UPDATE process SET updated_at = @updatedAt, evaluated_on = @evaluatedOn,
    loan_amount = @loanAmount, property_amount = @propertyAmount, ltv_estimated = @ltvEstimated,
    youth_credit = @youthCredit, eligible = @eligible, loan = @loan, engine_input = @engineInput, quote = @quote,
    failures = @failures WHERE process_unique_id = @processUniqueId`)
  const updateStatus = db.prepare(`UPDATE process SET status_id = @statusId, status_last_at = @at, updated_at = @at,
    submitted_at = CASE WHEN @submitted = 1 THEN @at ELSE submitted_at END WHERE process_unique_id = @processUniqueId`)
  const updateCancel = db.prepare(`UPDATE process SET cancel_reason_id = @reasonId, cancel_observations = @observations
    WHERE process_unique_id = @processUniqueId`)
  const setScenario = db.prepare('UPDATE process SET scenario = @scenario WHERE process_unique_id = @processUniqueId')
  const updateRejectReason = db.prepare('UPDATE process SET reject_reason_id = @reasonId WHERE process_unique_id = @processUniqueId')
  const touch = db.prepare(`UPDATE process SET updated_at = @at WHERE process_unique_id = @processUniqueId`)
  const insertHistory = db.prepare(`INSERT INTO process_status_history
    (process_unique_id, status_id, previous_status_id, changed_at, origin, user_id)
    VALUES (@processUniqueId, @statusId, @previousStatusId, @changedAt, @origin, @userId)`)
  const countsOfPartner = db.prepare(`SELECT
    (SELECT COUNT(*) FROM process WHERE partner_unique_id = @partner) AS processes,
    (SELECT COUNT(*) FROM process_borrower WHERE process_unique_id IN (SELECT process_unique_id FROM process WHERE partner_unique_id = @partner)) AS borrowers,
    (SELECT COUNT(*) FROM process_document WHERE process_unique_id IN (SELECT process_unique_id FROM process WHERE partner_unique_id = @partner)) AS documents`)
  const removeOfPartner = db.prepare('DELETE FROM process WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM process WHERE rowid IN (SELECT rowid FROM process WHERE created_at < @cutoff
    ORDER BY rowid LIMIT @limit)`)
  const history = db.prepare(`SELECT status_id AS statusId, previous_status_id AS previousStatusId, changed_at AS changedAt,
    origin, user_id AS userId FROM process_status_history WHERE process_unique_id = ? ORDER BY history_id`)

  return {
    nextNumber: () => numbers.next(),
    insert: (row: NewProcess) => void insert.run(row),
    findForBroker: (processUniqueId: string, brokerId: number) => findForBroker.get(processUniqueId, brokerId) as ProcessRow | undefined,
    /** Without tenancy: for the sandbox control API and scenarios, which check the partner themselves. */
    findById: (processUniqueId: string) => findById.get(processUniqueId) as ProcessRow | undefined,
    updateEvaluation: (columns: ProcessEvaluationColumns) => void updateEvaluation.run(columns),
    updateStatus: (processUniqueId: string, statusId: number, at: number, submitted = false) =>
      void updateStatus.run({ processUniqueId, statusId, at, submitted: submitted ? 1 : 0 }),
    updateCancel: (processUniqueId: string, reasonId: number, observations: string | null) => void updateCancel.run({ processUniqueId, reasonId, observations }),
    setScenario: (processUniqueId: string, scenario: string | null) => void setScenario.run({ processUniqueId, scenario }),
    updateRejectReason: (processUniqueId: string, reasonId: number | null) => void updateRejectReason.run({ processUniqueId, reasonId }),
    touch: (processUniqueId: string, at: number) => void touch.run({ processUniqueId, at }),
    insertHistory: (processUniqueId: string, entry: ProcessStatusHistoryEntry) => void insertHistory.run({ processUniqueId, ...entry }),
    history: (processUniqueId: string) => history.all(processUniqueId) as ProcessStatusHistoryEntry[],
    /**
     * Deletes every process of the partner; history, borrowers, documents with their content, property
     * and messages go with them (foreign keys). Answers what went.
     */
    /** Deletes up to `limit` processes created before `cutoff` (epoch ms), oldest first, with all under them. */
    removeOlderThan: (cutoff: number, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
    removeOfPartner(partnerUniqueID: string): { processes: number; borrowers: number; documents: number } {
      const counts = countsOfPartner.get({ partner: partnerUniqueID }) as { processes: number; borrowers: number; documents: number }
      removeOfPartner.run(partnerUniqueID)
      return counts
    },
  }
}

export type ProcessRepository = ReturnType<typeof createProcessRepository>
