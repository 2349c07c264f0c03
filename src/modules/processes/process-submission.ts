import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { EligibilityFailure } from '../../domain/mortgage/index.ts'
import { ApiError, type Problem } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { localizedProblem, missing, text } from '../../common/problems.ts'
import type { Scenario, ScenarioRegistry, ScenarioScheduler } from '../sandbox-scenarios/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import type { LoanService } from '../loan/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { BorrowerRecord } from './borrowers/borrowers.repository.ts'
import { CO_BORROWER_TYPE } from './borrowers/borrower-rules.ts'
import type { DocumentRecord } from './documents/documents.repository.ts'
import type { ProcessAccess } from './process-access.ts'
import { eligibilityProblems } from './process-eligibility.ts'
import { reevaluateProcess } from './process-evaluation.ts'
import { LOAN_GROUP } from './process-loan-update.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessRow } from './processes.repository.ts'
import type { ProcessTransitions } from './process-transitions.ts'
import type { PropertyData } from './property/property.schemas.ts'

/**
 * What Process Submit requires (docs/design.md "Lifecycles"): each borrower's mandatory personal,
 * financial and professional data, one document of each mandatory type of document-types for its
 * scope (every borrower, the process, the property), the property data, and a loan still eligible
 * with the current data. Every missing item is one errors[] entry naming it.
 */

const PERSONAL_REQUIRED = [
  'name',
  'birthDate',
  'taxId',
  'socialSecurityNumber',
  'mobile',
  'email',
  'genderId',
  'nationalityId',
  'identificationDocumentTypeId',
  'identificationDocumentNumber',
  'identificationDocumentExpiredDate',
  'maritalStatusId',
  'residenceTypeId',
  'address',
  'zipCode',
  'zipCodeLocal',
  'countryId',
] as const
/** Employment situations without an employer or an activity to describe. */
const NOT_WORKING = new Set(['RETIRED', 'UNEMPLOYED', 'STUDENT'])
const EMPLOYED = new Set(['EMPLOYEE', 'CIVIL_SERVANT'])
const PROPERTY_REQUIRED = ['typologyId', 'districtId', 'countyId', 'parishId', 'address', 'zipCode', 'zipCodeLocal', 'matrixArticle', 'landRegistryNumber'] as const

function borrowerProblems(b: BorrowerRecord, index: number, taxonomy: TaxonomyCatalog, today: string): Problem[] {
  const at = (group: string, field: string) => `borrowers[${index}].${group}.${field}`
  const p = b.personal
  const problems: Problem[] = PERSONAL_REQUIRED.filter((f) => p[f] === undefined).map((f) => missing(at('personalData', f)))
  if (b.borrowerTypeId === CO_BORROWER_TYPE && b.keyBorrowerRelationId === undefined) problems.push(missing(`borrowers[${index}].keyBorrowerRelationId`))
  const marital = p.maritalStatusId === undefined ? undefined : taxonomy.get('marital-statuses', p.maritalStatusId)
  if (marital?.attributes.requiresMatrimonialRegime === true && p.matrimonialRegimeId === undefined) problems.push(missing(at('personalData', 'matrimonialRegimeId')))
  if (taxonomy.get('identification-documents', p.identificationDocumentTypeId ?? 0)?.code === 'CC' && p.checkDigit === undefined) {
    problems.push(missing(at('personalData', 'checkDigit')))
  }
  if (p.identificationDocumentExpiredDate !== undefined && p.identificationDocumentExpiredDate <= today) {
    problems.push({ key: 'OUT_OF_RANGE', field: at('personalData', 'identificationDocumentExpiredDate'), params: { limit: `> ${today}` } })
  }
  if (b.financial.hasSocialSecurityDebt === true) {
    problems.push(
      localizedProblem('BUSINESS_RULE', at('financialData', 'hasSocialSecurityDebt'), {
        detail: text('Um proponente com dívidas à Segurança Social não pode ser submetido.', 'A borrower with a social security debt cannot be submitted.'),
      }),
    )
  }
  const w = b.professional
  if (w.employmentSituationId === undefined) return [...problems, missing(at('professionalData', 'employmentSituationId'))]
  const situation = taxonomy.get('employment-situations', w.employmentSituationId)?.code ?? ''
  if (NOT_WORKING.has(situation)) return problems
  const needed = EMPLOYED.has(situation)
    ? (['employmentProfessionId', 'employmentContractTypeId', 'employerName', 'employerTaxId', 'employmentDurationMonths'] as const)
    : (['employmentProfessionId', 'employmentDurationMonths'] as const)
  return [...problems, ...needed.filter((f) => w[f] === undefined).map((f) => missing(at('professionalData', f)))]
}

function documentProblems(borrowers: readonly BorrowerRecord[], documents: readonly DocumentRecord[], taxonomy: TaxonomyCatalog): Problem[] {
  const problems: Problem[] = []
  for (const type of taxonomy.items('document-types')) {
    if (type.attributes.mandatory !== true) continue
    if (type.attributes.scope === 'borrower') {
      borrowers.forEach((b, index) => {
        if (!documents.some((d) => d.documentTypeId === type.id && d.borrowerUniqueId === b.borrowerUniqueId)) {
          problems.push(missing(`borrowers[${index}].documents.documentTypeId=${type.id}`))
        }
      })
    } else if (!documents.some((d) => d.documentTypeId === type.id)) {
      problems.push(missing(`documents.documentTypeId=${type.id}`))
    }
  }
  return problems
}

function propertyProblems(property: PropertyData, taxonomy: TaxonomyCatalog): Problem[] {
  const problems = PROPERTY_REQUIRED.filter((f) => property[f] === undefined).map((f) => missing(`property.${f}`))
  const land = taxonomy.get('property-typologies', property.typologyId ?? 0)?.attributes.category === 'land'
  if (!land && property.grossBuiltArea === undefined) problems.push(missing('property.grossBuiltArea'))
  return problems
}

/** Every problem that stops the submission of a process, none when it is complete. */
function submissionProblems(repos: ProcessRepositories, taxonomy: TaxonomyCatalog, processUniqueId: string, failures: readonly EligibilityFailure[], today: string): Problem[] {
  const borrowers = repos.borrowers.list(processUniqueId)
  return [
    ...borrowers.flatMap((b, index) => borrowerProblems(b, index, taxonomy, today)),
    ...documentProblems(borrowers, repos.documents.list(processUniqueId), taxonomy),
    ...propertyProblems(repos.properties.ofProcess(processUniqueId)?.data ?? {}, taxonomy),
    ...eligibilityProblems(failures, LOAN_GROUP),
  ]
}

export interface ProcessSubmissionDeps {
  repos: ProcessRepositories
  access: ProcessAccess
  transitions: ProcessTransitions
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
  simulations: Pick<SimulationService, 'findOfBroker'>
  scenarios?: ScenarioRegistry | undefined
  scheduler?: ScenarioScheduler | undefined
}

/**
 * Process Submit: Draft to Submitted when complete (history, notification 5), else 400 with one item
 * per missing thing. The figures are evaluated again first, with today's data. The process's sandbox
 * scenario (the request's, else its own) schedules the bank's side in the same transaction.
 */
export function createProcessSubmission(deps: ProcessSubmissionDeps) {
  const { repos, access, taxonomy } = deps
  const submitted = access.statuses.id('SUBMITTED')

  /**
   * The scenario a process runs under: its own (Process Create's request, or its simulation's when
   * created), else one a magic value of its simulation names, so a journey started with the key
   * borrower "Teste Aprovado" is approved after Submit.
   */
  function scenarioOf(row: ProcessRow): Scenario | undefined {
    const { scenarios } = deps
    if (!scenarios) return undefined
    const own = row.scenario ? scenarios.get(row.partnerUniqueID, row.scenario) : undefined
    if (own) return own
    const simulation = deps.simulations.findOfBroker(row.brokerId, row.simulationUniqueId)
    if (!simulation) return undefined
    return (simulation.scenario ? scenarios.get(row.partnerUniqueID, simulation.scenario) : undefined) ?? scenarios.matchMagic(row.partnerUniqueID, JSON.parse(simulation.input))
  }

  const submit = deps.writes.transaction((row: ProcessRow, userId: number, requested: Scenario | undefined, lang: Lang) => {
    const now = deps.clock.now(row.partnerUniqueID)
    const evaluation = reevaluateProcess(repos, deps.loan, row, now)
    const problems = submissionProblems(repos, taxonomy, row.processUniqueId, evaluation.failures, now.toISOString().slice(0, 10))
    if (problems.length > 0) throw ApiError.validation(problems)
    deps.transitions.apply(row, submitted, 'api', userId, { submitted: true })
    if (requested) repos.processes.setScenario(row.processUniqueId, requested.name)
    const scenario = requested ?? scenarioOf(row)
    if (scenario) deps.scheduler?.afterSubmit(scenario, { partnerUniqueID: row.partnerUniqueID, brokerId: row.brokerId, processUniqueId: row.processUniqueId }, lang)
  })

  return {
    /** @throws ApiError 404, 400. Returns the new status id. */
    submit(auth: AuthContext, processUniqueId: string, options: { scenario?: Scenario | undefined; lang?: Lang } = {}): number {
      const row = access.owned(auth, processUniqueId)
      access.assertEditable(row)
      submit(row, auth.userId, options.scenario, options.lang ?? 'pt-PT')
      return submitted
    },
  }
}
