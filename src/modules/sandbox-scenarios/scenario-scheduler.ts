import type { PartnerClock } from '../../platform/clock.ts'
import type { Lang } from '../../common/language.ts'
import type { JobScheduler } from './jobs/sandbox-jobs.service.ts'
import { JOB_KIND, type BankMessagePayload, type DocumentRequestedPayload, type ProcessStatusPayload } from './jobs/scenario-jobs.schemas.ts'
import { effectOf, type Scenario } from './scenario.schemas.ts'

/** Where and when scenarios schedule: the job worker, the clock, SANDBOX_TIME_SCALE, the request's language. */
interface ScheduleContext {
  jobs: JobScheduler
  clock: PartnerClock
  timeScale: number
  /** The partner's notification language (the request's when none is known): bank messages are written in it. */
  lang: Lang
}

export type JobTarget = { partnerUniqueID: string; brokerId: number } & ({ simulationUniqueId: string } | { processUniqueId: string })

function add(ctx: ScheduleContext, scenario: Scenario, target: JobTarget, kind: string, payload: object, afterSeconds: number): number {
  const dueAt = ctx.clock.dueAt(target.partnerUniqueID, afterSeconds * 1000 * ctx.timeScale)
  return ctx.jobs.schedule({
    partnerUniqueID: target.partnerUniqueID,
    brokerId: target.brokerId,
    kind,
    payload: payload as Record<string, unknown>,
    dueAt,
    scenario: scenario.name,
  })
}

const resourceOf = (target: JobTarget) => ('processUniqueId' in target ? { processUniqueId: target.processUniqueId } : { simulationUniqueId: target.simulationUniqueId })

/** The scenario's bank message on the simulation or process, if it has one. */
function scheduleBankMessage(ctx: ScheduleContext, scenario: Scenario, target: JobTarget): void {
  const effect = effectOf(scenario, 'bankMessage')
  if (!effect) return
  const payload: BankMessagePayload = { brokerId: target.brokerId, messageText: effect.text[ctx.lang], ...resourceOf(target) }
  add(ctx, scenario, target, JOB_KIND.bankMessage, payload, effect.afterSeconds)
}

/** The scenario's document request on a process, if it has one. */
function scheduleDocumentRequest(ctx: ScheduleContext, scenario: Scenario, target: JobTarget & { processUniqueId: string }): void {
  const effect = effectOf(scenario, 'documentRequested')
  if (!effect) return
  const payload: DocumentRequestedPayload = {
    processUniqueId: target.processUniqueId,
    brokerId: target.brokerId,
    documentTypeId: effect.documentTypeId,
    messageText: effect.text[ctx.lang],
  }
  add(ctx, scenario, target, JOB_KIND.documentRequested, payload, effect.afterSeconds)
}

/** Each step of the scenario's process lifecycle, at the cumulative delay of the steps before it. */
function scheduleProcessLifecycle(ctx: ScheduleContext, scenario: Scenario, target: JobTarget & { processUniqueId: string }): void {
  const effect = effectOf(scenario, 'processLifecycle')
  if (!effect) return
  let afterSeconds = 0
  effect.steps.forEach((step, index) => {
    afterSeconds += step.afterSeconds
    const payload: ProcessStatusPayload = {
      processUniqueId: target.processUniqueId,
      brokerId: target.brokerId,
      step: index + 1,
      status: step.status,
      ...(step.rejectReasonCode ? { rejectReasonCode: step.rejectReasonCode } : {}),
      ...(step.message ? { messageText: step.message[ctx.lang] } : {}),
    }
    add(ctx, scenario, target, JOB_KIND.processStatus, payload, afterSeconds)
  })
}

/**
 * The delayed effects of scenarios, as sandbox jobs: each step after its delay times
 * SANDBOX_TIME_SCALE, stored in the transaction of the change that schedules it.
 */
export function createScenarioScheduler(deps: { jobs: JobScheduler; clock: PartnerClock; timeScale: number; languageOf?: (partnerUniqueID: string) => Lang }) {
  // The bank's messages end up in the partner's notifications: written in the partner's language.
  const context = (lang: Lang, target: JobTarget): ScheduleContext => ({ ...deps, lang: deps.languageOf?.(target.partnerUniqueID) ?? lang })
  return {
    /** The scenario's bank message on a simulation (Create, Update) or a process, if it has one. */
    bankMessage: (scenario: Scenario, target: JobTarget, lang: Lang) => scheduleBankMessage(context(lang, target), scenario, target),
    /** What a scenario does after Process Submit: its lifecycle steps, its document request, its bank message. */
    afterSubmit(scenario: Scenario, target: JobTarget & { processUniqueId: string }, lang: Lang): void {
      const ctx = context(lang, target)
      scheduleProcessLifecycle(ctx, scenario, target)
      scheduleDocumentRequest(ctx, scenario, target)
      scheduleBankMessage(ctx, scenario, target)
    },
  }
}

export type ScenarioScheduler = ReturnType<typeof createScenarioScheduler>
