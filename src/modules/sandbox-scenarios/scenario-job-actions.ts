import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { Notifications } from '../callbacks/index.ts'
import { PROCESS_STATES, transitionRefusal, type TaxonomyCatalog } from '../taxonomy/index.ts'
import type { SandboxJob } from './jobs/sandbox-jobs.repository.ts'
import type { SandboxJobHandler } from './jobs/sandbox-job-worker.ts'
import type { BankMessagePayload, DocumentRequestedPayload, ProcessStatusPayload } from './jobs/scenario-jobs.schemas.ts'

const GONE = { skipped: 'the process no longer exists (cancelled by a sandbox reset or never committed)' }

/** What a job reads of a process: whose it is, its number and its status. */
export interface JobProcess {
  partnerUniqueID: string
  brokerId: number
  processUniqueId: string
  processNumber: number
  statusId: number
}

/**
 * The records a scenario's delayed steps move, given by the composition root: the simulations,
 * processes and messages stand on the scenarios (they apply them), so this module names only what it
 * calls of them, and their door is never imported here (docs/decisions/0403-fewer-modules.md).
 */
export interface ScenarioJobDeps<Process extends JobProcess> {
  taxonomy: TaxonomyCatalog
  simulations: { findOfBroker(brokerId: number, simulationUniqueId: string): { partnerUniqueID: string; simulationNumber: number } | undefined }
  processes: {
    findOfBroker(brokerId: number, processUniqueId: string): Process | undefined
    statuses: { id(code: ProcessStatusPayload['status']): number; final(statusId: number): boolean; describe(statusId: number, lang: Lang): string }
    transition(row: Process, to: number, origin: 'scenario', rejectReasonId?: number): unknown
  }
  messages: {
    process: { addBankMessage(auth: Pick<AuthContext, 'brokerId'>, processUniqueId: string, messageText: string): string }
    simulation: { addBankMessage(auth: Pick<AuthContext, 'brokerId'>, simulationUniqueId: string, messageText: string): string }
  }
  notifications: Pick<Notifications, 'documentRequested'>
}

/** What the bank does when a scenario's delayed step falls due: one action per kind, given its payload read back. */
export interface ScenarioJobActions {
  processStatus(job: SandboxJob, payload: ProcessStatusPayload): ReturnType<SandboxJobHandler>
  bankMessage(job: SandboxJob, payload: BankMessagePayload): ReturnType<SandboxJobHandler>
  documentRequested(job: SandboxJob, payload: DocumentRequestedPayload): ReturnType<SandboxJobHandler>
}

/**
 * What each kind of scenario job does (the bank's side of a scenario, docs/design.md "Scenarios and
 * sandbox control"), run by the job worker in the job's own transaction, through the same services
 * as the sandbox control API. A step that no longer applies when due is skipped with the reason.
 */
export function scenarioJobActions<Process extends JobProcess>(deps: ScenarioJobDeps<Process>): ScenarioJobActions {
  const { taxonomy, processes, messages } = deps
  const { statuses } = processes

  function ownProcess(job: SandboxJob, payload: { processUniqueId: string; brokerId: number }): Process | undefined {
    const row = processes.findOfBroker(payload.brokerId, payload.processUniqueId)
    return row && row.partnerUniqueID === job.partnerUniqueID ? row : undefined
  }

  /** A lifecycle step: through the process workflow, with notifications 5 (and 9), its reject reason and its bank message. */
  function processStep(job: SandboxJob, payload: ProcessStatusPayload): ReturnType<SandboxJobHandler> {
    const row = ownProcess(job, payload)
    if (!row) return GONE
    const to = statuses.id(payload.status)
    const refusal = transitionRefusal(taxonomy, PROCESS_STATES, row.statusId, to)
    if (refusal) return { skipped: `step ${payload.step} no longer applies: ${refusal.en}` }
    // The start checked the scenario files' codes (scenario-references.ts).
    const rejectReasonId = payload.rejectReasonCode ? taxonomy.byCode('proposal-reject-reasons', payload.rejectReasonCode)?.id : undefined
    processes.transition(row, to, 'scenario', rejectReasonId)
    if (payload.messageText) messages.process.addBankMessage(row, row.processUniqueId, payload.messageText)
    return `step ${payload.step}: process ${row.processNumber} moved from ${statuses.describe(row.statusId, 'en')} to ${statuses.describe(to, 'en')}`
  }

  /** A message of the bank on a simulation or a process (notification 7). */
  function bankMessage(job: SandboxJob, payload: BankMessagePayload): ReturnType<SandboxJobHandler> {
    if ('processUniqueId' in payload) {
      const row = ownProcess(job, payload)
      if (!row) return GONE
      return `bank message ${messages.process.addBankMessage(row, row.processUniqueId, payload.messageText)} on process ${row.processNumber}`
    }
    const simulation = deps.simulations.findOfBroker(payload.brokerId, payload.simulationUniqueId)
    if (!simulation || simulation.partnerUniqueID !== job.partnerUniqueID) return { skipped: 'the simulation no longer exists' }
    const messageUniqueId = messages.simulation.addBankMessage({ brokerId: payload.brokerId }, payload.simulationUniqueId, payload.messageText)
    return `bank message ${messageUniqueId} on simulation ${simulation.simulationNumber}`
  }

  /** The bank asks for a document: its bank message (notification 7) and notification 2 naming the document type. */
  function documentRequest(job: SandboxJob, payload: DocumentRequestedPayload): ReturnType<SandboxJobHandler> {
    const row = ownProcess(job, payload)
    if (!row) return GONE
    if (statuses.final(row.statusId)) return { skipped: `the process is ${statuses.describe(row.statusId, 'en')}: it takes no more documents` }
    const messageUniqueId = messages.process.addBankMessage(row, row.processUniqueId, payload.messageText)
    deps.notifications.documentRequested({
      partnerUniqueID: row.partnerUniqueID,
      brokerId: row.brokerId,
      processUniqueId: row.processUniqueId,
      documentTypeId: payload.documentTypeId,
      documentTypeDescription: taxonomy.describe('document-types', payload.documentTypeId, 'pt-PT') ?? String(payload.documentTypeId),
      messageUniqueId,
      messageText: payload.messageText,
    })
    return `document type ${payload.documentTypeId} requested on process ${row.processNumber}`
  }

  return { processStatus: processStep, bankMessage, documentRequested: documentRequest }
}
