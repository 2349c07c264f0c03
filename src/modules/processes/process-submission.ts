import type { AppDeps } from '../../composition-root.ts'
import type { EligibilityFailure } from '../../domain/mortgage/index.ts'
import { ApiError, type Problem } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import type { Scenario } from '../sandbox-scenarios/scenario.schema.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { BorrowerRecord } from './borrowers/borrower.repository.ts'
import { CO_BORROWER_TYPE } from './borrowers/borrower-rules.ts'
import type { DocumentRecord } from './documents/document.repository.ts'
import type { PropertyData } from './property/property.schemas.ts'
import { localizedProblem, missing, text } from '../../http/problems.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { assertEditable, ownedProcess } from './process-access.ts'
import { eligibilityProblems } from './process-eligibility.ts'
import { reevaluateProcess } from './process-evaluation.ts'
import { LOAN_GROUP } from './process-loan-update.ts'
import { scenarioOfProcess, scheduleSubmitEffects } from './process-scenario.ts'
import { processStatuses } from './process-status.ts'
import { applyProcessStatus } from './process-transitions.ts'

/**
 * What Process Submit requires (DESIGN.md "Lifecycles"): each borrower's mandatory personal,
 * financial and professional data, one document of each mandatory type of document-types for its
 * scope (every borrower, the process, the property), the property data, and a loan still eligible
 * with the current data. Every missing item is one errors[] entry naming it.
 */

const PERSONAL_REQUIRED = [
  'name', 'birthDate', 'taxId', 'socialSecurityNumber', 'mobile', 'email', 'genderId', 'nationalityId',
  'identificationDocumentTypeId', 'identificationDocumentNumber', 'identificationDocumentExpiredDate',
  'maritalStatusId', 'residenceTypeId', 'address', 'zipCode', 'zipCodeLocal', 'countryId',
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
    problems.push(localizedProblem('BUSINESS_RULE', at('financialData', 'hasSocialSecurityDebt'), {
      detail: text('Um proponente com dívidas à Segurança Social não pode ser submetido.', 'A borrower with a social security debt cannot be submitted.'),
    }))
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
export function submissionProblems(deps: AppDeps, processUniqueId: string, failures: readonly EligibilityFailure[]): Problem[] {
  const store = deps.processes
  const today = deps.clock.now().toISOString().slice(0, 10)
  const borrowers = store.borrowers.list(processUniqueId)
  return [
    ...borrowers.flatMap((b, index) => borrowerProblems(b, index, deps.taxonomy, today)),
    ...documentProblems(borrowers, store.documents.list(processUniqueId), deps.taxonomy),
    ...propertyProblems(store.properties.ofProcess(processUniqueId)?.data ?? {}, deps.taxonomy),
    ...eligibilityProblems(failures, LOAN_GROUP),
  ]
}

/**
 * Process Submit: Draft to Submitted when complete (history, notification 5), else 400 with one
 * item per missing thing. The figures are evaluated again first, with today's data. The process's
 * sandbox scenario (the request's, else its own) schedules the bank's side in the same transaction.
 * @throws ApiError 404, 400.
 */
export function submitProcess(deps: AppDeps, auth: AuthContext, processUniqueId: string, options: { scenario?: Scenario | undefined; lang?: Lang } = {}): number {
  const row = ownedProcess(deps, auth, processUniqueId)
  assertEditable(deps, row)
  const submitted = processStatuses(deps.taxonomy).id('SUBMITTED')
  deps.db.transaction(() => {
    const evaluation = reevaluateProcess(deps, row, deps.clock.now())
    const problems = submissionProblems(deps, processUniqueId, evaluation.failures)
    if (problems.length > 0) throw ApiError.validation(problems)
    applyProcessStatus(deps, row, submitted, 'api', auth.userId, { submitted: true })
    if (options.scenario) deps.processes.processes.setScenario(processUniqueId, options.scenario.name)
    const scenario = options.scenario ?? scenarioOfProcess(deps, row)
    if (scenario) scheduleSubmitEffects(deps, row, scenario, options.lang ?? 'pt-PT')
  })()
  return submitted
}
