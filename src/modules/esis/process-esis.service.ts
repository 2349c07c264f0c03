import type { AppDeps } from '../../composition-root.ts'
import type { MortgageInput } from '../../domain/mortgage/index.ts'
import { loanEsisDocument } from '../../esis-pdf/loan-esis-document.ts'
import { renderEsisPdf } from '../../esis-pdf/render-esis-pdf.ts'
import { ApiError } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import type { MailReceipt } from '../mailbox/mailer.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { assertProcessStatus, ownedProcess } from '../processes/process-access.ts'
import type { ProcessRow } from '../processes/process.repository.ts'
import { processStatuses } from '../processes/process-status.ts'
import type { StoredQuote } from '../simulations/simulation-engine.ts'
import type { LoanSimulator } from '../simulations/simulation-input.schemas.ts'
import { processEsisMail } from './process-esis-mail.ts'

export interface RenderedProcessEsis {
  pdf: Buffer
  filename: string
  process: ProcessRow
}

/** No ESIS for a process the bank refused or the broker cancelled. */
function assertEsisIssued(deps: AppDeps, process: ProcessRow): void {
  const statuses = processStatuses(deps.taxonomy)
  const closed = new Set([statuses.id('REJECTED'), statuses.id('CANCELLED')])
  assertProcessStatus(deps, process, (s) => !closed.has(s))
}

/**
 * Process ESIS Get: the ESIS of the process's current figures (its loan, every borrower as a
 * consumer, the broker as credit intermediary), built and rendered by the same code as the simulation
 * ESIS. Not issued for a Rejected or Cancelled process. @throws ApiError 404, 400.
 */
export async function renderProcessEsis(deps: AppDeps, auth: AuthContext, processUniqueId: string, lang: Lang): Promise<RenderedProcessEsis> {
  const process = ownedProcess(deps, auth, processUniqueId)
  assertEsisIssued(deps, process)
  const simulation = deps.simulations.repository.findForBroker(process.simulationUniqueId, process.brokerId)
  const names = deps.processes.borrowers.list(process.processUniqueId).flatMap((b) => (b.personal.name ? [b.personal.name] : []))
  const doc = loanEsisDocument(
    {
      loan: JSON.parse(process.loan) as LoanSimulator,
      quote: JSON.parse(process.quote) as StoredQuote,
      engineInput: JSON.parse(process.engineInput) as MortgageInput,
      propertyValue: process.propertyAmount,
      consumerNames: names,
      references: { simulationId: simulation ? String(simulation.simulationNumber) : null, processNumber: String(process.processNumber) },
      broker: deps.authRepository.findByUserId(process.userId),
    },
    deps.taxonomy,
    lang,
    deps.clock.now().toISOString().slice(0, 10),
  )
  const pdf = await renderEsisPdf(doc)
  return { pdf, filename: `${lang === 'en' ? 'ESIS-process' : 'FINE-processo'}-${process.processNumber}.pdf`, process }
}

/**
 * Process ESIS Email: to the address given, else to the key borrower's e-mail; captured in the
 * partner's mailbox and relayed over SMTP when configured (the simulations' mailer).
 * @throws ApiError 404, 400 (no address at all, process closed).
 */
export async function emailProcessEsis(deps: AppDeps, auth: AuthContext, processUniqueId: string, email: string | undefined, lang: Lang): Promise<MailReceipt> {
  const process = ownedProcess(deps, auth, processUniqueId)
  assertEsisIssued(deps, process)
  const borrowers = deps.processes.borrowers.list(process.processUniqueId)
  const to = email ?? borrowers[0]?.personal.email
  if (!to) {
    throw new ApiError('MISSING_FIELD', {
      field: 'email',
      message: {
        'pt-PT': 'Campo obrigatório em falta: email (o primeiro titular não tem e-mail registado).',
        en: 'Missing required field: email (the key borrower has no e-mail address on record).',
      },
    })
  }
  const { pdf, filename } = await renderProcessEsis(deps, auth, processUniqueId, lang)
  const { subject, body } = processEsisMail(process.processNumber, borrowers[0]?.personal.name ?? '', lang)
  return deps.mailer.send({
    partnerUniqueID: auth.partnerUniqueID,
    to,
    subject,
    text: body,
    attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
    processUniqueId: process.processUniqueId,
  })
}
