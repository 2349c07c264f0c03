import { checkTransition, type Workflow } from './state-machine.ts'

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
