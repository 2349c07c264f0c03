import { documentRequested, type NotificationPublisher } from '../callbacks/index.ts'
import type { MessageService } from '../messages/index.ts'
import type { ProcessRow, ProcessService } from '../processes/index.ts'
import type { BankMessagePayload, DocumentRequestedPayload, ProcessStatusPayload, SandboxJob, SandboxJobHandler, ScenarioJobActions } from '../sandbox-scenarios/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import { PROCESS_STATES, transitionRefusal, type TaxonomyCatalog } from '../taxonomy/index.ts'

const GONE = { skipped: 'the process no longer exists (cancelled by a sandbox reset or never committed)' }

export interface ScenarioJobDeps {
  taxonomy: TaxonomyCatalog
  simulations: Pick<SimulationService, 'findOfBroker'>
  processes: Pick<ProcessService, 'findOfBroker' | 'statuses' | 'transition'>
  messages: MessageService
  notifications: NotificationPublisher
}

/**
 * What each kind of scenario job does (the bank's side of a scenario, docs/design.md "Scenarios and
 * sandbox control"), run by the job worker in the job's own transaction, through the same services
 * as the sandbox control API. A step that no longer applies when due is skipped with the reason.
 */
export function scenarioJobActions(deps: ScenarioJobDeps): ScenarioJobActions {
  const { taxonomy, processes, messages } = deps
  const { statuses } = processes

  function ownProcess(job: SandboxJob, payload: { processUniqueId: string; brokerId: number }): ProcessRow | undefined {
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
    deps.notifications.publish(
      documentRequested({
        partnerUniqueID: row.partnerUniqueID,
        brokerId: row.brokerId,
        processUniqueId: row.processUniqueId,
        documentTypeId: payload.documentTypeId,
        documentTypeDescription: taxonomy.describe('document-types', payload.documentTypeId, 'pt-PT') ?? String(payload.documentTypeId),
        messageUniqueId,
        messageText: payload.messageText,
      }),
    )
    return `document type ${payload.documentTypeId} requested on process ${row.processNumber}`
  }

  return { processStatus: processStep, bankMessage, documentRequested: documentRequest }
}
