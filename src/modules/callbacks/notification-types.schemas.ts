import { z } from '@hono/zod-openapi'

/**
 * Every notification type, declared once: its id and code in the reference list notification-types,
 * the resource it is about, whether Callback Echo sends it, its name in both languages, when the bank
 * sends it, and the schema of its `data`. The seed's list (held to this by
 * test/modules/callbacks/notification-types.test.ts), the constants, the typed publisher, the
 * payloads of the OpenAPI `webhooks` and of the AsyncAPI document, and the kinds message pacts and
 * `trigger` name are all read from here.
 */

export type NotificationResource = 'process' | 'simulation' | 'both'

export interface NotificationTypeDeclaration<Code extends string = string, Data extends z.ZodObject = z.ZodObject> {
  id: number
  /** The code of the reference list: the payload's `notificationType`. */
  code: Code
  resource: NotificationResource
  /** Callback Echo sends it (the interface document's types 5, 6 and 7). */
  echo: boolean
  /** Its description in notification-types. */
  description: { 'pt-PT': string; en: string }
  /** When the bank sends it: the documents' text. */
  summary: string
  /** Its `data`, in the order the payload writes it; a field without a value is left out. */
  data: Data
}

const declare = <const Code extends string, Data extends z.ZodObject>(type: NotificationTypeDeclaration<Code, Data>) => type

const processStatusData = z
  .object({
    processStatusId: z.number().int().openapi({ description: 'workflow-states-proposal id', example: 3 }),
    processStatusDescription: z.string().openapi({ example: 'Em análise' }),
    previousProcessStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a process', example: 2 }),
  })
  .openapi('ProcessStatusChangedData', { description: 'data of type 5' })

const simulationStatusData = z
  .object({
    simulationStatusId: z.number().int().openapi({ description: 'workflow-states-simulation id', example: 3 }),
    simulationStatusDescription: z.string().openapi({ example: 'Concluída' }),
    previousSimulationStatusId: z.number().int().optional().openapi({ description: 'Absent for the first status of a simulation', example: 1 }),
  })
  .openapi('SimulationStatusChangedData', { description: 'data of types 6 and 8' })

const bankMessage = {
  messageUniqueId: z.uuid().openapi({ description: 'The bank message (origin BANK) that explains it, in the message list of the process' }),
  messageText: z.string().openapi({ example: 'Por favor envie o último recibo de vencimento.' }),
}

const document = {
  documentUniqueId: z.uuid().openapi({ description: 'The document of the process (Document Get)' }),
  documentTypeId: z.number().int().openapi({ description: 'document-types id', example: 1 }),
  documentTypeDescription: z.string().openapi({ example: 'Documento de identificação' }),
}

export const NOTIFICATION_TYPES = [
  declare({
    id: 1,
    code: 'PROCESS_CREATED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Processo criado', en: 'Process created' },
    summary: 'A process was created from a simulation (Process Create); the simulation becomes Completed.',
    data: z
      .object({
        processNumber: z.number().int().openapi({ description: 'Sequential number of the process', example: 1 }),
        simulationUniqueId: z.uuid().openapi({ description: 'The simulation it was created from' }),
        processStatusId: z.number().int().openapi({ description: 'The Draft status of workflow-states-proposal', example: 1 }),
        processStatusDescription: z.string().openapi({ example: 'Rascunho' }),
      })
      .openapi('ProcessCreatedData', { description: 'data of type 1' }),
  }),
  declare({
    id: 2,
    code: 'DOCUMENT_REQUESTED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Documento solicitado', en: 'Document requested' },
    summary: 'The bank asks for a document on a process, with the bank message that explains it.',
    data: z
      .object({
        documentTypeId: z.number().int().openapi({ description: 'document-types id of the document the bank asks for', example: 15 }),
        documentTypeDescription: z.string(),
        ...bankMessage,
      })
      .openapi('DocumentRequestedData', { description: 'data of type 2' }),
  }),
  declare({
    id: 3,
    code: 'DOCUMENT_REJECTED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Documento recusado', en: 'Document rejected' },
    summary: 'The bank refused a document of a process; its bank message says why. Upload it again (Document Update).',
    data: z.object({ ...document, ...bankMessage }).openapi('DocumentRejectedData', { description: 'data of type 3' }),
  }),
  declare({
    id: 4,
    code: 'ESIS_AVAILABLE',
    resource: 'both',
    echo: false,
    description: { 'pt-PT': 'Ficha de Informação Normalizada Europeia (FINE) disponível', en: 'European Standardised Information Sheet (ESIS) available' },
    summary: 'The ESIS of a simulation or a process is ready: read it with ESIS Get at `esisPath`.',
    data: z
      .object({
        esisPath: z.string().openapi({ description: 'The path of ESIS Get for this simulation or process', example: '/v1/simulations/3f2b9c1e-8d4a-4f6b-9e2d-5a1c7b8e9f00/esis' }),
      })
      .openapi('EsisAvailableData', { description: 'data of type 4' }),
  }),
  declare({
    id: 5,
    code: 'PROCESS_STATUS_CHANGED',
    resource: 'process',
    echo: true,
    description: { 'pt-PT': 'Alteração do estado do processo', en: 'Process status changed' },
    summary: 'The status of a process changed (its first status included).',
    data: processStatusData,
  }),
  declare({
    id: 6,
    code: 'SIMULATION_STATUS_CHANGED',
    resource: 'simulation',
    echo: true,
    description: { 'pt-PT': 'Alteração do estado da simulação', en: 'Simulation status changed' },
    summary: 'The status of a simulation changed (its first status included).',
    data: simulationStatusData,
  }),
  declare({
    id: 7,
    code: 'NEW_MESSAGE',
    resource: 'both',
    echo: true,
    description: { 'pt-PT': 'Nova mensagem', en: 'New message' },
    summary: 'A message was written on a simulation or a process.',
    data: z
      .object({
        messageUniqueId: z.uuid(),
        messageText: z.string().openapi({ example: 'Por favor envie o último recibo de vencimento.' }),
        origin: z.enum(['BANK', 'BROKER']),
      })
      .openapi('NewMessageData', { description: 'data of type 7' }),
  }),
  declare({
    id: 8,
    code: 'SIMULATION_EXPIRED',
    resource: 'simulation',
    echo: false,
    description: { 'pt-PT': 'Simulação expirada', en: 'Simulation expired' },
    summary: 'A simulation expired (sent with type 6 of the same change).',
    data: simulationStatusData,
  }),
  declare({
    id: 9,
    code: 'PROCESS_DECISION',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Decisão do processo (aprovação ou recusa)', en: 'Process decision (approved or rejected)' },
    summary: "The bank's decision on a process, Approved or Rejected (sent with type 5 of the same change).",
    data: z
      .object({
        decision: z.enum(['APPROVED', 'REJECTED']),
        processStatusId: z.number().int().openapi({ example: 5 }),
        processStatusDescription: z.string().openapi({ example: 'Recusado' }),
        rejectReasonId: z.number().int().optional().openapi({ description: 'proposal-reject-reasons id when rejected; absent when approved', example: 1 }),
        rejectReasonDescription: z.string().optional(),
      })
      .openapi('ProcessDecisionData', { description: 'data of type 9 (sent with type 5 of the same change)' }),
  }),
  declare({
    id: 10,
    code: 'CONTRACT_SCHEDULED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Escritura agendada', en: 'Deed signing scheduled' },
    summary: 'The deed of an approved process is scheduled: when and where.',
    data: z
      .object({
        contractDate: z.iso.datetime().openapi({ description: 'When the deed is signed', example: '2026-04-15T10:00:00.000Z' }),
        contractLocation: z.string().openapi({ description: 'Where the deed is signed', example: 'Conservatória do Registo Predial de Lisboa' }),
      })
      .openapi('ContractScheduledData', { description: 'data of type 10' }),
  }),
  declare({
    id: 11,
    code: 'DOCUMENT_ACCEPTED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Documento validado', en: 'Document accepted' },
    summary: 'The bank validated a document of a process.',
    data: z.object(document).openapi('DocumentAcceptedData', { description: 'data of type 11' }),
  }),
  declare({
    id: 12,
    code: 'VALUATION_COMPLETED',
    resource: 'process',
    echo: false,
    description: { 'pt-PT': 'Avaliação do imóvel concluída', en: 'Property valuation completed' },
    summary: "The bank's valuation of the property of a process is done.",
    data: z
      .object({
        propertyUniqueId: z.uuid().openapi({ description: 'The property of the process (Property List)' }),
        valuationAmount: z.number().openapi({ description: 'The value the valuer found, in euros', example: 255000 }),
        valuationDate: z.iso.date().openapi({ description: 'The day of the valuation', example: '2026-03-20' }),
      })
      .openapi('ValuationCompletedData', { description: 'data of type 12' }),
  }),
] as const

export type NotificationTypes = typeof NOTIFICATION_TYPES
export type NotificationCode = NotificationTypes[number]['code']
export type DeclaredNotificationType = NotificationTypes[number]
