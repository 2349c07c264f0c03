import type { PartnerClock } from '../../platform/clock.ts'
import type { MortgageInput } from '../../domain/mortgage/index.ts'
import type { EsisDocument } from '../../esis-pdf/esis-document.ts'
import { EsisRenderRefused } from '../../esis-pdf/esis-render-pool.ts'
import { loanEsisDocument, type LoanEsisSource } from '../../esis-pdf/loan-esis-document.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { UserIdentity } from '../partners/index.ts'
import type { MailboxService, MailReceipt } from '../mailbox/index.ts'
import type { ProcessService } from '../processes/index.ts'
import type { LoanInput, LoanSimulator, StoredQuote } from '../loan/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { esisMail, type EsisSubject } from './esis-mail.ts'

export interface EsisServiceDeps {
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  identityOf(userId: number): UserIdentity | undefined
  simulations: Pick<SimulationService, 'find' | 'findOfBroker' | 'statuses' | 'assertStatus'>
  processes: Pick<ProcessService, 'find' | 'statuses' | 'assertStatus' | 'borrowersOf'>
  mailbox: Pick<MailboxService, 'send'>
  /** Renders the PDF away from the event loop (the render pool of esis-pdf). @throws EsisRenderRefused */
  renderPdf(partnerUniqueID: string, doc: EsisDocument): Promise<Buffer>
  /** The 429 of a partner that has its most renders under way (the fair share's refusal). */
  partnerBusy(retryAfterSeconds: number): ApiError
}

/** One ESIS ready to send: the PDF, its file name, who it is about and for. */
interface EsisPdf {
  pdf: Buffer
  filename: string
  partnerUniqueID: string
  /** The broker of the simulation or process: its users read the e-mail in the mailbox. */
  brokerId: number
  about: EsisSubject & ({ simulationUniqueId: string } | { processUniqueId: string })
  /** The key borrower: the e-mail's salutation, and for a process the default address. */
  recipient: { name: string; email: string | undefined }
}

const MISSING_EMAIL = {
  'pt-PT': 'Campo obrigatório em falta: email (o primeiro titular não tem e-mail registado).',
  en: 'Missing required field: email (the key borrower has no e-mail address on record).',
}

/**
 * The ESIS (FINE) of a simulation or a process (docs/domain.md "ESIS"): built from the same figures
 * the details answer, rendered as a PDF, and e-mailed through the mailbox (captured, relayed over
 * SMTP when configured). A simulation has one while it is Simulated or Completed; a process unless the
 * bank refused it or the broker cancelled it.
 */
export function createEsisService(deps: EsisServiceDeps) {
  const { simulations, processes, taxonomy } = deps
  const simulationIssued = new Set([simulations.statuses.id('SIMULATED'), simulations.statuses.id('COMPLETED')])
  const processClosed = new Set([processes.statuses.id('REJECTED'), processes.statuses.id('CANCELLED')])
  const today = (partnerUniqueID: string) => deps.clock.now(partnerUniqueID).toISOString().slice(0, 10)

  /** The PDF, dated on the partner's clock. @throws ApiError 429 past the partner's renders at once, 503 past everyone's. */
  async function render(source: LoanEsisSource, lang: Lang, partnerUniqueID: string): Promise<Buffer> {
    try {
      return await deps.renderPdf(partnerUniqueID, loanEsisDocument(source, taxonomy, lang, today(partnerUniqueID)))
    } catch (error) {
      if (!(error instanceof EsisRenderRefused)) throw error
      if (error.scope === 'partner') throw deps.partnerBusy(error.retryAfterSeconds)
      const seconds = String(error.retryAfterSeconds)
      throw new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: 'every ESIS render thread is busy; retry in a moment' } }, { 'Retry-After': seconds })
    }
  }

  async function simulationEsis(auth: AuthContext, simulationUniqueId: string, lang: Lang): Promise<EsisPdf> {
    const row = simulations.find(auth, simulationUniqueId)
    simulations.assertStatus(row, (s) => simulationIssued.has(s))
    const input = JSON.parse(row.input) as LoanInput
    const b = input.borrowersSimulator
    const pdf = await render(
      {
        loan: input.loanSimulator,
        quote: JSON.parse(row.quote) as StoredQuote,
        engineInput: JSON.parse(row.engineInput) as MortgageInput,
        propertyValue: row.propertyAmount,
        consumerNames: [b.keyBorrowerName, ...(b.numberOfborrowers === 2 && b.borrowerName ? [b.borrowerName] : [])],
        references: { simulationId: String(row.simulationNumber), processNumber: row.processNumber === null ? null : String(row.processNumber) },
        broker: deps.identityOf(row.userId),
      },
      lang,
      row.partnerUniqueID,
    )
    return {
      pdf,
      filename: `${lang === 'en' ? 'ESIS-simulation' : 'FINE-simulacao'}-${row.simulationNumber}.pdf`,
      partnerUniqueID: row.partnerUniqueID,
      brokerId: row.brokerId,
      about: { kind: 'simulation', simulationNumber: row.simulationNumber, simulationUniqueId: row.simulationUniqueId },
      recipient: { name: row.keyBorrowerName, email: undefined },
    }
  }

  /** The process's ESIS as it would be rendered, and who it is for: checked before any PDF is drawn. */
  function processEsisOf(auth: AuthContext, processUniqueId: string) {
    const row = processes.find(auth, processUniqueId)
    processes.assertStatus(row, (s) => !processClosed.has(s))
    const borrowers = processes.borrowersOf(row.processUniqueId)
    const simulation = deps.simulations.findOfBroker(row.brokerId, row.simulationUniqueId)
    const source: LoanEsisSource = {
      loan: JSON.parse(row.loan) as LoanSimulator,
      quote: JSON.parse(row.quote) as StoredQuote,
      engineInput: JSON.parse(row.engineInput) as MortgageInput,
      propertyValue: row.propertyAmount,
      consumerNames: borrowers.flatMap((b) => (b.personal.name ? [b.personal.name] : [])),
      references: { simulationId: simulation ? String(simulation.simulationNumber) : null, processNumber: String(row.processNumber) },
      broker: deps.identityOf(row.userId),
    }
    const recipient = { name: borrowers[0]?.personal.name ?? '', email: borrowers[0]?.personal.email }
    return {
      recipient,
      async render(lang: Lang): Promise<EsisPdf> {
        return {
          pdf: await render(source, lang, row.partnerUniqueID),
          filename: `${lang === 'en' ? 'ESIS-process' : 'FINE-processo'}-${row.processNumber}.pdf`,
          partnerUniqueID: row.partnerUniqueID,
          brokerId: row.brokerId,
          about: { kind: 'process', processNumber: row.processNumber, processUniqueId: row.processUniqueId },
          recipient,
        }
      },
    }
  }

  async function send(esis: EsisPdf, to: string, lang: Lang): Promise<MailReceipt> {
    const { subject, body } = esisMail(esis.about, esis.recipient.name, lang)
    const { kind: _kind, ...resource } = esis.about
    return deps.mailbox.send({
      partnerUniqueID: esis.partnerUniqueID,
      brokerId: esis.brokerId,
      to,
      subject,
      text: body,
      attachments: [{ filename: esis.filename, contentType: 'application/pdf', content: esis.pdf }],
      ...('simulationUniqueId' in resource ? { simulationUniqueId: resource.simulationUniqueId } : { processUniqueId: resource.processUniqueId }),
    })
  }

  return {
    simulation: {
      /** Simulation ESIS Get. @throws ApiError 404, 400 (status without ESIS). */
      render: simulationEsis,
      /** Simulation ESIS Email, to the address given. @throws ApiError 404, 400. */
      email: async (auth: AuthContext, simulationUniqueId: string, to: string, lang: Lang) => send(await simulationEsis(auth, simulationUniqueId, lang), to, lang),
    },
    process: {
      /** Process ESIS Get. @throws ApiError 404, 400 (Rejected or Cancelled). */
      render: (auth: AuthContext, processUniqueId: string, lang: Lang) => processEsisOf(auth, processUniqueId).render(lang),
      /** Process ESIS Email: to the address given, else to the key borrower's. @throws ApiError 404, 400 (no address at all). */
      async email(auth: AuthContext, processUniqueId: string, to: string | undefined, lang: Lang) {
        const esis = processEsisOf(auth, processUniqueId)
        const address = to ?? esis.recipient.email
        if (!address) throw new ApiError('MISSING_FIELD', { field: 'email', message: MISSING_EMAIL })
        return send(await esis.render(lang), address, lang)
      },
    },
  }
}

export type EsisService = ReturnType<typeof createEsisService>
