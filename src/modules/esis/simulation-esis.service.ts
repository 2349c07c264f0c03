import type { Clock } from '../../clock.ts'
import { renderEsisPdf } from '../../esis-pdf/render-esis-pdf.ts'
import { ApiError } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import type { Mailer, MailReceipt } from '../mailbox/mailer.ts'
import type { AuthRepository } from '../auth/auth.repository.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import type { SimulationService } from '../simulations/simulations.service.ts'
import type { SimulationRow } from '../simulations/simulations.repository.ts'
import { esisMail } from './simulation-esis-mail.ts'
import { simulationEsisDocument } from './simulation-esis-document.ts'

export interface SimulationEsisDeps {
  clock: Clock
  taxonomy: TaxonomyCatalog
  authRepository: AuthRepository
  simulations: SimulationService
  mailer: Mailer
}

export interface RenderedEsis {
  pdf: Buffer
  filename: string
  simulation: SimulationRow
}

/** ESIS is issued for an eligible simulation: Simulated, or Completed (its process took it on). */
const ESIS_STATUSES = ['SIMULATED', 'COMPLETED'] as const

export function createSimulationEsisService(deps: SimulationEsisDeps) {
  const allowed = new Set(ESIS_STATUSES.map((code) => deps.simulations.statuses.id(code)))

  async function render(auth: AuthContext, simulationUniqueId: string, lang: Lang): Promise<RenderedEsis> {
    const simulation = deps.simulations.find(auth, simulationUniqueId)
    if (!allowed.has(simulation.statusId)) {
      const describe = (l: Lang) => deps.taxonomy.describe('workflow-states-simulation', simulation.statusId, l) ?? ''
      throw new ApiError('STATE_FORBIDS_OPERATION', localizedProblem('STATE_FORBIDS_OPERATION', 'simulationUniqueId', { status: text(describe('pt-PT'), describe('en')) }))
    }
    const broker = deps.authRepository.findByUserId(simulation.userId)
    const doc = simulationEsisDocument(simulation, broker, deps.taxonomy, lang, deps.clock.now().toISOString().slice(0, 10))
    const pdf = await renderEsisPdf(doc)
    const filename = `${lang === 'en' ? 'ESIS-simulation' : 'FINE-simulacao'}-${simulation.simulationNumber}.pdf`
    return { pdf, filename, simulation }
  }

  return {
    /** Simulation ESIS Get. @throws ApiError 404, 400 (status without ESIS). */
    render,

    /** Simulation ESIS Email: captured in the partner's mailbox, relayed over SMTP when configured. */
    async email(auth: AuthContext, simulationUniqueId: string, to: string, lang: Lang): Promise<MailReceipt> {
      const { pdf, filename, simulation } = await render(auth, simulationUniqueId, lang)
      const { subject, body } = esisMail(simulation, lang)
      return deps.mailer.send({
        partnerUniqueID: auth.partnerUniqueID,
        to,
        subject,
        text: body,
        attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
        simulationUniqueId: simulation.simulationUniqueId,
      })
    },
  }
}

export type SimulationEsisService = ReturnType<typeof createSimulationEsisService>
