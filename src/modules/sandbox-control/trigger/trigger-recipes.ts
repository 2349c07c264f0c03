import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { webBodySource } from '../../../common/body-source.ts'
import type { Lang } from '../../../common/language.ts'
import { text } from '../../../common/problems.ts'
import { PROCESS_STATUSES, SIMULATION_STATUSES, type ProcessStatusCode } from '../../../domain/workflow/index.ts'
import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { CallbackService, NotificationCode, Notifications } from '../../callbacks/index.ts'
import type { MessageService, ProcessService } from '../../processes/index.ts'
import type { SimulationService } from '../../simulations/index.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import { ELIGIBLE_SIMULATION, SAMPLE_PDF } from '../sample-data.ts'

export interface TriggerDeps {
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  /** The callbacks' typed publisher: every notification a recipe makes goes through it to the outbox. */
  notifications: Notifications
  simulations: Pick<SimulationService, 'create' | 'find' | 'forceStatus'>
  processes: Pick<ProcessService, 'create' | 'find' | 'forceStatus' | 'documents' | 'borrowers' | 'property'>
  messages: Pick<MessageService, 'simulation' | 'process'>
  callbacks: Pick<CallbackService, 'delivery' | 'configuration'>
  /** How many of the partner's connected listeners (`mortgage-sandbox listen`) take a notification of this broker and type. */
  listeners(partnerUniqueID: string, brokerId: number, notificationTypeId: number): number
  /** The language of the partner's notifications: the bank's texts a recipe writes are in it. */
  languageOf(partnerUniqueID: string): Lang
}

/** The record a notification is about: named by the caller, else created by the recipe. */
export type TriggerRecord = { kind: 'simulation' | 'process'; uniqueId: string }

export interface TriggerContext {
  deps: TriggerDeps
  actor: AuthContext
  /** The partner's language: the bank's message texts are written in it, as the scenarios write theirs. */
  lang: Lang
  /** What the recipe created on the way, in order. */
  created: Array<{ kind: 'simulation' | 'process' | 'document'; uniqueId: string }>
}

/**
 * How `trigger` (and a message pact) makes one notification of a type: which records it may be given,
 * and what it does. `make` prepares what the notification needs (creating records through the API's
 * own services when none is named; their own changes notify as they always do), then answers the one
 * change that publishes the notification, run by the service inside one transaction.
 */
export interface Recipe {
  takes: ReadonlyArray<'simulation' | 'process'>
  /** One sentence: the command's help, the sandbox API's document, a message pact's refusal. */
  does: string
  make(ctx: TriggerContext, record: TriggerRecord | undefined): Promise<() => unknown>
}

const created = (ctx: TriggerContext, kind: 'simulation' | 'process' | 'document', uniqueId: string) => {
  ctx.created.push({ kind, uniqueId })
  return uniqueId
}

/** An eligible simulation of the caller's broker: the sample journey's. */
function newSimulation(ctx: TriggerContext): string {
  return created(ctx, 'simulation', ctx.deps.simulations.create(ctx.actor, ELIGIBLE_SIMULATION).simulationUniqueID)
}

/** A Draft process created by Process Create from a new eligible simulation. */
function newProcess(ctx: TriggerContext): string {
  return created(ctx, 'process', ctx.deps.processes.create(ctx.actor, newSimulation(ctx)).processUniqueId)
}

const simulationOf = (ctx: TriggerContext, record: TriggerRecord | undefined) => record?.uniqueId ?? newSimulation(ctx)
const processOf = (ctx: TriggerContext, record: TriggerRecord | undefined) => (record?.kind === 'process' ? record.uniqueId : newProcess(ctx))

/** Refused: the record is in a status the notification cannot come from. */
function cannotFrom(field: string, code: string, uniqueId: string, status: string): ApiError {
  return new ApiError('BUSINESS_RULE', {
    field,
    params: { type: code, id: uniqueId, status },
    message: text('Não é possível gerar a notificação {type} a partir de {id}: o estado é {status}.', 'Notification {type} cannot be made from {id}: its status is {status}.'),
  })
}

/** The bank's way of a process, in order: the statuses `trigger` moves it through. */
const BANK_WAY: readonly ProcessStatusCode[] = ['DRAFT', 'SUBMITTED', 'IN_ANALYSIS', 'APPROVED', 'CONTRACTED']

/**
 * The process named (else a new one), moved along the bank's way until it is in `target`, through the
 * sandbox control's transitions (each with its history and notifications); its id.
 * @throws ApiError 400 when it is past it or final.
 */
function processBroughtTo(ctx: TriggerContext, code: string, record: TriggerRecord | undefined, target: ProcessStatusCode): string {
  const { processes } = ctx.deps
  const processUniqueId = processOf(ctx, record)
  for (;;) {
    const current = PROCESS_STATUSES.codeOf(processes.find(ctx.actor, processUniqueId).statusId)!
    if (current === target) return processUniqueId
    const at = BANK_WAY.indexOf(current)
    if (at < 0 || at > BANK_WAY.indexOf(target)) throw cannotFrom('processUniqueId', code, processUniqueId, current)
    processes.forceStatus(ctx.actor, processUniqueId, PROCESS_STATUSES.id(BANK_WAY[at + 1]!))
  }
}

/** A process that still takes documents and bank decisions: not Rejected, Contracted or Cancelled. */
function openProcess(ctx: TriggerContext, code: string, record: TriggerRecord | undefined): string {
  const id = processOf(ctx, record)
  const status = PROCESS_STATUSES.codeOf(ctx.deps.processes.find(ctx.actor, id).statusId)!
  if (PROCESS_STATUSES.isFinal(status)) throw cannotFrom('processUniqueId', code, id, status)
  return id
}

/** The latest document of the process, or the key borrower's identification document uploaded now (the sample PDF). */
async function documentOf(ctx: TriggerContext, processUniqueId: string) {
  const { documents, borrowers } = ctx.deps.processes
  const latest = documents.list(ctx.actor, processUniqueId).at(-1)
  if (latest) return latest
  const form = new FormData()
  form.append('documentTypeId', '1')
  form.append('borrowerUniqueId', borrowers.list(ctx.actor, processUniqueId)[0]!.borrowerUniqueId)
  form.append('file', new Blob([SAMPLE_PDF], { type: 'application/pdf' }), 'cartao-de-cidadao.pdf')
  const request = new Request('http://trigger.invalid/', { method: 'POST', body: form })
  const id = await documents.create(ctx.actor, processUniqueId, { contentType: request.headers.get('content-type'), contentLength: null, source: webBodySource(request.body) })
  created(ctx, 'document', id)
  return documents.get(ctx.actor, processUniqueId, id)
}

const describeDocumentType = (ctx: TriggerContext, id: number) => ctx.deps.taxonomy.describe('document-types', id, ctx.lang) ?? String(id)
const owner = (ctx: TriggerContext) => ({ partnerUniqueID: ctx.actor.partnerUniqueID, brokerId: ctx.actor.brokerId })
const today = (ctx: TriggerContext) => ctx.deps.clock.now(ctx.actor.partnerUniqueID)

const REQUESTED = text('Pedimos o envio do documento: {document}.', 'Please send us the document: {document}.')
const REJECTED = text(
  'O documento {document} foi recusado por estar ilegível. Envie-o de novo, por favor.',
  'The document {document} was refused: it is not legible. Please send it again.',
)
const fill = (template: string, document: string) => template.replace('{document}', document)

/** One recipe per declared type: a type without one does not compile. */
export const RECIPES = {
  PROCESS_CREATED: {
    takes: ['simulation'],
    does: 'Process Create from the simulation named (Simulated), else from a new eligible one.',
    make: async (ctx, record) => {
      const simulationUniqueId = simulationOf(ctx, record)
      return () => created(ctx, 'process', ctx.deps.processes.create(ctx.actor, simulationUniqueId).processUniqueId)
    },
  },
  DOCUMENT_REQUESTED: {
    takes: ['process'],
    does: 'The bank asks for a document the process does not have yet, with a bank message.',
    make: async (ctx, record) => {
      const id = openProcess(ctx, 'DOCUMENT_REQUESTED', record)
      const have = new Set(ctx.deps.processes.documents.list(ctx.actor, id).map((d) => d.documentTypeId))
      const types = ctx.deps.taxonomy.items('document-types')
      const type = types.find((t) => !have.has(t.id)) ?? types[0]!
      return () => {
        const description = describeDocumentType(ctx, type.id)
        const messageText = fill(REQUESTED[ctx.lang], description)
        const messageUniqueId = ctx.deps.messages.process.addBankMessage(ctx.actor, id, messageText)
        ctx.deps.notifications.documentRequested({
          ...owner(ctx),
          processUniqueId: id,
          documentTypeId: type.id,
          documentTypeDescription: description,
          messageUniqueId,
          messageText,
        })
      }
    },
  },
  DOCUMENT_REJECTED: {
    takes: ['process'],
    does: 'The bank refuses the latest document of the process (one is uploaded when it has none), with a bank message.',
    make: async (ctx, record) => {
      const id = openProcess(ctx, 'DOCUMENT_REJECTED', record)
      const document = await documentOf(ctx, id)
      return () => {
        const description = describeDocumentType(ctx, document.documentTypeId)
        const messageText = fill(REJECTED[ctx.lang], description)
        const messageUniqueId = ctx.deps.messages.process.addBankMessage(ctx.actor, id, messageText)
        ctx.deps.notifications.documentRejected({
          ...owner(ctx),
          processUniqueId: id,
          documentUniqueId: document.documentUniqueId,
          documentTypeId: document.documentTypeId,
          documentTypeDescription: description,
          messageUniqueId,
          messageText,
        })
      }
    },
  },
  ESIS_AVAILABLE: {
    takes: ['simulation', 'process'],
    does: 'The ESIS of the simulation or process named, else of a new simulation, is made available.',
    make: async (ctx, record) => {
      const about: TriggerRecord = record ?? { kind: 'simulation', uniqueId: newSimulation(ctx) }
      // Found among the broker's own, as ESIS Get finds it.
      if (about.kind === 'process') ctx.deps.processes.find(ctx.actor, about.uniqueId)
      else ctx.deps.simulations.find(ctx.actor, about.uniqueId)
      const esisPath = `/v1/${about.kind === 'process' ? 'processes' : 'simulations'}/${about.uniqueId}/esis`
      return () =>
        about.kind === 'process'
          ? ctx.deps.notifications.esisAvailable({ ...owner(ctx), processUniqueId: about.uniqueId, esisPath })
          : ctx.deps.notifications.esisAvailable({ ...owner(ctx), simulationUniqueId: about.uniqueId, esisPath })
    },
  },
  PROCESS_STATUS_CHANGED: {
    takes: ['process'],
    does: "The process moves one status along the bank's way (Draft → Submitted → In analysis → Approved → Contracted).",
    make: async (ctx, record) => {
      const id = processOf(ctx, record)
      const current = PROCESS_STATUSES.codeOf(ctx.deps.processes.find(ctx.actor, id).statusId)!
      const next = BANK_WAY[BANK_WAY.indexOf(current) + 1]
      if (!BANK_WAY.includes(current) || !next) throw cannotFrom('processUniqueId', 'PROCESS_STATUS_CHANGED', id, current)
      return () => ctx.deps.processes.forceStatus(ctx.actor, id, PROCESS_STATUSES.id(next))
    },
  },
  SIMULATION_STATUS_CHANGED: {
    takes: ['simulation'],
    does: 'The simulation named swaps Simulated and Not eligible; without one, a new simulation gets its first status.',
    make: async (ctx, record) => {
      if (!record) return () => newSimulation(ctx)
      const current = SIMULATION_STATUSES.codeOf(ctx.deps.simulations.find(ctx.actor, record.uniqueId).statusId)!
      if (current !== 'SIMULATED' && current !== 'NOT_ELIGIBLE') throw cannotFrom('simulationUniqueId', 'SIMULATION_STATUS_CHANGED', record.uniqueId, current)
      return () => ctx.deps.simulations.forceStatus(ctx.actor, record.uniqueId, SIMULATION_STATUSES.id(current === 'SIMULATED' ? 'NOT_ELIGIBLE' : 'SIMULATED'))
    },
  },
  NEW_MESSAGE: {
    takes: ['simulation', 'process'],
    does: 'The bank writes a message on the simulation or process named, else on a new simulation.',
    make: async (ctx, record) => {
      const about: TriggerRecord = record ?? { kind: 'simulation', uniqueId: newSimulation(ctx) }
      const messageText = text('Mensagem do banco enviada pelo sandbox (trigger).', 'A bank message sent by the sandbox (trigger).')[ctx.lang]
      return () => ctx.deps.messages[about.kind].addBankMessage(ctx.actor, about.uniqueId, messageText)
    },
  },
  SIMULATION_EXPIRED: {
    takes: ['simulation'],
    does: 'The simulation named (Simulated or Not eligible), else a new one, expires.',
    make: async (ctx, record) => {
      const id = simulationOf(ctx, record)
      const current = SIMULATION_STATUSES.codeOf(ctx.deps.simulations.find(ctx.actor, id).statusId)!
      if (current !== 'SIMULATED' && current !== 'NOT_ELIGIBLE') throw cannotFrom('simulationUniqueId', 'SIMULATION_EXPIRED', id, current)
      return () => ctx.deps.simulations.forceStatus(ctx.actor, id, SIMULATION_STATUSES.id('EXPIRED'))
    },
  },
  PROCESS_DECISION: {
    takes: ['process'],
    does: 'The process is brought to In analysis (submitted first when in Draft), then Approved.',
    make: async (ctx, record) => {
      const id = processBroughtTo(ctx, 'PROCESS_DECISION', record, 'IN_ANALYSIS')
      return () => ctx.deps.processes.forceStatus(ctx.actor, id, PROCESS_STATUSES.id('APPROVED'))
    },
  },
  CONTRACT_SCHEDULED: {
    takes: ['process'],
    does: 'The process is brought to Approved, then its deed is scheduled two weeks ahead.',
    make: async (ctx, record) => {
      const id = processBroughtTo(ctx, 'CONTRACT_SCHEDULED', record, 'APPROVED')
      const on = new Date(today(ctx).getTime() + 14 * 24 * 3600 * 1000)
      on.setUTCHours(10, 0, 0, 0)
      return () =>
        ctx.deps.notifications.contractScheduled({
          ...owner(ctx),
          processUniqueId: id,
          contractDate: on.toISOString(),
          contractLocation: 'Conservatória do Registo Predial de Lisboa',
        })
    },
  },
  DOCUMENT_ACCEPTED: {
    takes: ['process'],
    does: 'The bank validates the latest document of the process (one is uploaded when it has none).',
    make: async (ctx, record) => {
      const id = openProcess(ctx, 'DOCUMENT_ACCEPTED', record)
      const document = await documentOf(ctx, id)
      return () =>
        ctx.deps.notifications.documentAccepted({
          ...owner(ctx),
          processUniqueId: id,
          documentUniqueId: document.documentUniqueId,
          documentTypeId: document.documentTypeId,
          documentTypeDescription: describeDocumentType(ctx, document.documentTypeId),
        })
    },
  },
  VALUATION_COMPLETED: {
    takes: ['process'],
    does: "The bank's valuer values the property of the process at its estimated valuation.",
    make: async (ctx, record) => {
      const id = openProcess(ctx, 'VALUATION_COMPLETED', record)
      const property = ctx.deps.processes.property.list(ctx.actor, id)[0]!
      const valuationAmount = property.data.evaluationEstimatedAmount ?? property.data.acquisitionAmount ?? 0
      return () =>
        ctx.deps.notifications.valuationCompleted({
          ...owner(ctx),
          processUniqueId: id,
          propertyUniqueId: property.propertyUniqueId,
          valuationAmount,
          valuationDate: today(ctx).toISOString().slice(0, 10),
        })
    },
  },
} satisfies Record<NotificationCode, Recipe>
