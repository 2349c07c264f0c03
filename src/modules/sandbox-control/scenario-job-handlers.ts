import type { AppDeps } from '../../composition-root.ts'
import { documentRequested } from '../callbacks/notification-events.ts'
import { addBankProcessMessage } from '../messages/process-messages.service.ts'
import { processStatuses } from '../processes/process-status.ts'
import { transitionProcess } from '../processes/process-transitions.ts'
import { PROCESS_STATES, transitionRefusal } from '../taxonomy/workflow-states.ts'
import type { SandboxJob } from '../sandbox-jobs/sandbox-job.repository.ts'
import type { SandboxJobHandler } from '../sandbox-jobs/sandbox-job-worker.ts'
import { JOB_KIND, type BankMessagePayload, type DocumentRequestedPayload, type ProcessStatusPayload } from '../sandbox-scenarios/scenario-jobs.ts'

const GONE = { skipped: 'the process no longer exists (cancelled by a sandbox reset or never committed)' }

function ownProcess(deps: AppDeps, job: SandboxJob, payload: { processUniqueId: string; brokerId: number }) {
  const row = deps.processes.processes.findForBroker(payload.processUniqueId, payload.brokerId)
  return row && row.partnerUniqueID === job.partnerUniqueID ? row : undefined
}

/** A lifecycle step: through the process workflow, with notifications 5 (and 9), its reject reason and its bank message. */
function processStep(deps: AppDeps, job: SandboxJob): ReturnType<SandboxJobHandler> {
  const payload = job.payload as unknown as ProcessStatusPayload
  const row = ownProcess(deps, job, payload)
  if (!row) return GONE
  const statuses = processStatuses(deps.taxonomy)
  const to = statuses.id(payload.status)
  const refusal = transitionRefusal(deps.taxonomy, PROCESS_STATES, row.statusId, to)
  if (refusal) return { skipped: `step ${payload.step} no longer applies: ${refusal.en}` }
  // The start checked the scenario files' codes (scenario-references.ts).
  const rejectReasonId = payload.rejectReasonCode ? deps.taxonomy.byCode('proposal-reject-reasons', payload.rejectReasonCode)?.id : undefined
  transitionProcess(deps, row, to, 'scenario', rejectReasonId)
  if (payload.messageText) addBankProcessMessage(deps, row.brokerId, row.processUniqueId, payload.messageText)
  return `step ${payload.step}: process ${row.processNumber} moved from ${statuses.describe(row.statusId, 'en')} to ${statuses.describe(to, 'en')}`
}

/** A message of the bank on a simulation or a process (notification 7). */
function bankMessage(deps: AppDeps, job: SandboxJob): ReturnType<SandboxJobHandler> {
  const payload = job.payload as unknown as BankMessagePayload
  if ('processUniqueId' in payload) {
    const row = ownProcess(deps, job, payload)
    if (!row) return GONE
    return `bank message ${addBankProcessMessage(deps, row.brokerId, row.processUniqueId, payload.messageText)} on process ${row.processNumber}`
  }
  const simulation = deps.simulations.repository.findForBroker(payload.simulationUniqueId, payload.brokerId)
  if (!simulation || simulation.partnerUniqueID !== job.partnerUniqueID) return { skipped: 'the simulation no longer exists' }
  const messageUniqueId = deps.simulationMessages.addBankMessage({ brokerId: payload.brokerId }, payload.simulationUniqueId, payload.messageText)
  return `bank message ${messageUniqueId} on simulation ${simulation.simulationNumber}`
}

/** The bank asks for a document: its bank message (notification 7) and notification 2 naming the document type. */
function documentRequest(deps: AppDeps, job: SandboxJob): ReturnType<SandboxJobHandler> {
  const payload = job.payload as unknown as DocumentRequestedPayload
  const row = ownProcess(deps, job, payload)
  if (!row) return GONE
  const statuses = processStatuses(deps.taxonomy)
  if (statuses.final(row.statusId)) return { skipped: `the process is ${statuses.describe(row.statusId, 'en')}: it takes no more documents` }
  const messageUniqueId = addBankProcessMessage(deps, row.brokerId, row.processUniqueId, payload.messageText)
  deps.notifications.publish(
    documentRequested({
      partnerUniqueID: row.partnerUniqueID,
      processUniqueId: row.processUniqueId,
      documentTypeId: payload.documentTypeId,
      documentTypeDescription: deps.taxonomy.describe('document-types', payload.documentTypeId, 'pt-PT') ?? String(payload.documentTypeId),
      messageUniqueId,
      messageText: payload.messageText,
    }),
  )
  return `document type ${payload.documentTypeId} requested on process ${row.processNumber}`
}

/**
 * What each kind of scenario job does, run by the job worker in the job's own transaction. `deps`
 * is read when a job runs: the handlers are built before the dependencies they use.
 */
export function scenarioJobHandlers(deps: () => AppDeps): Record<string, SandboxJobHandler> {
  return {
    [JOB_KIND.processStatus]: (job) => processStep(deps(), job),
    [JOB_KIND.bankMessage]: (job) => bankMessage(deps(), job),
    [JOB_KIND.documentRequested]: (job) => documentRequest(deps(), job),
  }
}
