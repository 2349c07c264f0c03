import { checkTransition, lifecycle, type Workflow } from './state-machine.ts'

/** The codes of workflow-states-proposal (docs/design.md "Lifecycles"). */
export const PROCESS_STATUS_CODES = ['DRAFT', 'SUBMITTED', 'IN_ANALYSIS', 'APPROVED', 'REJECTED', 'CONTRACTED', 'CANCELLED'] as const
export type ProcessStatusCode = (typeof PROCESS_STATUS_CODES)[number]

/**
 * The broker submits a Draft; the bank analyses it, decides (Approved or Rejected, possibly straight
 * from Submitted) and contracts an approved loan. Every status before a decision or contract may be
 * cancelled (the list's `cancelable` flag). Rejected, Contracted and Cancelled are final.
 */
export const PROCESS_WORKFLOW: Workflow<ProcessStatusCode> = {
  DRAFT: ['SUBMITTED', 'CANCELLED'],
  SUBMITTED: ['IN_ANALYSIS', 'REJECTED', 'CANCELLED'],
  IN_ANALYSIS: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['CONTRACTED', 'CANCELLED'],
  REJECTED: [],
  CONTRACTED: [],
  CANCELLED: [],
}

export const processTransition = (from: ProcessStatusCode, to: ProcessStatusCode) => checkTransition(PROCESS_WORKFLOW, from, to)

/**
 * The process statuses with their ids in workflow-states-proposal and what each allows: the loan,
 * borrowers and property change in Draft only; Cancel where the workflow leads to Cancelled.
 */
export const PROCESS_STATUSES = lifecycle({
  ids: { DRAFT: 1, SUBMITTED: 2, IN_ANALYSIS: 3, APPROVED: 4, REJECTED: 5, CONTRACTED: 6, CANCELLED: 7 } satisfies Record<ProcessStatusCode, number>,
  workflow: PROCESS_WORKFLOW,
  cancelled: 'CANCELLED',
  flags: { editable: ['DRAFT'] },
})
