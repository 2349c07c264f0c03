import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { SAMPLE_JOURNEY } from '../../../modules/sandbox-control/index.ts'
import { pdfUpload } from './fixture-data.ts'
import { defineFixture, partnerParam, type FixtureContext } from './fixture.ts'
import { createSimulation } from './simulation-fixtures.ts'

const { coBorrowerCompletion, keyBorrowerCompletion, mandatoryDocuments, propertyCompletion: PROPERTY_COMPLETION } = SAMPLE_JOURNEY

const processParams = z.strictObject({
  processUniqueId: z.uuid(),
  keyBorrowerUniqueId: z.uuid().optional(),
  /** The second borrower, copied from the simulation's second borrower. */
  borrowerUniqueId: z.uuid().optional(),
  propertyUniqueId: z.uuid().optional(),
  /** The (Completed) simulation the process was created from. */
  simulationUniqueId: z.uuid().optional(),
  ...partnerParam,
})
type ProcessParams = z.infer<typeof processParams>

/** A Draft process created by Process Create from a fresh eligible simulation, with the ids given; its id. */
function draftProcess(ctx: FixtureContext, p: ProcessParams): string {
  const simulationUniqueId = p.simulationUniqueId ?? randomUUID()
  createSimulation(ctx, simulationUniqueId)
  ctx.services.processes.create(ctx.actor, simulationUniqueId, {
    processUniqueId: p.processUniqueId,
    borrowerUniqueIds: [p.keyBorrowerUniqueId, p.borrowerUniqueId],
    ...(p.propertyUniqueId ? { propertyUniqueId: p.propertyUniqueId } : {}),
  })
  // Process Create leaves the county and parish to the partner: the state's property is located, as a partner would.
  const { property } = ctx.services.processes
  const { districtId, countyId, parishId } = PROPERTY_COMPLETION
  property.update(ctx.actor, p.processUniqueId, property.list(ctx.actor, p.processUniqueId)[0]!.propertyUniqueId, { districtId, countyId, parishId })
  return p.processUniqueId
}

/** Completes a Draft process through the borrower, document and property services until Submit accepts it. */
async function completeProcess(ctx: FixtureContext, processUniqueId: string) {
  const { services, actor } = ctx
  const { borrowers: borrowerService, documents, property } = services.processes
  const borrowers = borrowerService.list(actor, processUniqueId)
  borrowers.forEach((b, index) =>
    borrowerService.update(
      actor,
      processUniqueId,
      b.borrowerUniqueId,
      index === 0 ? keyBorrowerCompletion(services.clock.machine.now()) : coBorrowerCompletion(services.clock.machine.now()),
    ),
  )
  for (const { documentTypeId, borrowerUniqueId, fileName } of mandatoryDocuments(
    services.taxonomy,
    borrowers.map((b) => b.borrowerUniqueId),
  )) {
    await documents.create(actor, processUniqueId, pdfUpload({ documentTypeId: String(documentTypeId), ...(borrowerUniqueId ? { borrowerUniqueId } : {}) }, fileName))
  }
  const current = property.list(actor, processUniqueId)[0]!
  property.update(actor, processUniqueId, current.propertyUniqueId, PROPERTY_COMPLETION)
}

export const processExists = defineFixture({
  name: 'a process exists',
  description:
    'A Draft process created from an eligible simulation: key borrower (keyBorrowerUniqueId) and second borrower (borrowerUniqueId) copied from it, one property (propertyUniqueId) located in Lisboa (district 11, county 1106, parish 110666), no documents.',
  params: processParams,
  load: (ctx, p) => void draftProcess(ctx, p),
})

export const processReadyToSubmitExists = defineFixture({
  name: 'a process ready to submit exists',
  description: 'A Draft process with complete borrowers, every mandatory document and complete property data: Process Submit accepts it.',
  params: processParams,
  load: (ctx, p) => completeProcess(ctx, draftProcess(ctx, p)),
})

export const submittedProcessExists = defineFixture({
  name: 'a submitted process exists',
  description: 'A complete process submitted through Process Submit (Submitted): cancelable, no longer editable.',
  params: processParams,
  async load(ctx, p) {
    await processReadyToSubmitExists.load(ctx, p)
    ctx.services.processes.submit(ctx.actor, p.processUniqueId)
  },
})

export const documentExists = defineFixture({
  name: 'a document exists',
  description: "A Draft process (as 'a process exists') with one document: the key borrower's identification document, a small PDF.",
  params: processParams.extend({ documentUniqueId: z.uuid() }),
  async load(ctx, p) {
    draftProcess(ctx, p)
    const [key] = ctx.services.processes.borrowers.list(ctx.actor, p.processUniqueId)
    const upload = pdfUpload({ documentTypeId: '1', borrowerUniqueId: key!.borrowerUniqueId, description: 'Cartão de Cidadão' }, 'cartao-de-cidadao.pdf')
    await ctx.services.processes.documents.create(ctx.actor, p.processUniqueId, upload, p.documentUniqueId)
  },
})

export const processHasBankMessage = defineFixture({
  name: 'a process has a bank message',
  description: "A Draft process (as 'a process exists') with one message written by the bank (notification 7 raised).",
  params: processParams.extend({ messageText: z.string().min(1).max(2000).optional() }),
  load(ctx, p) {
    draftProcess(ctx, p)
    ctx.services.messages.process.addBankMessage(ctx.actor, p.processUniqueId, p.messageText ?? 'Falta a caderneta predial do imóvel.')
  },
})

export const PROCESS_FIXTURES = [processExists, processReadyToSubmitExists, submittedProcessExists, documentExists, processHasBankMessage]
