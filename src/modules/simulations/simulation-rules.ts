import type { Problem } from '../../http/api-error.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { invalidCombination, missing, notAllowed, outOfRange, text, unknownReference } from '../../http/problems.ts'
import { SECOND_BORROWER_FIELDS } from './simulation-input.schemas.ts'

/**
 * The rules of the simulation input beyond types and bounds (the zod schemas hold those): ids in
 * their reference lists, the scheme / loan purpose / product purpose combinations, the rate-type
 * rules, borrower consistency, birth dates in the past and the property values each purpose needs.
 * They read the input loosely, so that they still run where other fields are malformed; a value
 * of the wrong type is left to the schema's problem.
 */

type Group = Record<string, unknown>

export interface RuleContext {
  taxonomy: TaxonomyCatalog
  /** YYYY-MM-DD of the sandbox clock. */
  today: string
}

const isObject = (value: unknown): value is Group => typeof value === 'object' && value !== null && !Array.isArray(value)
const groupOf = (input: unknown, name: string): Group | undefined => (isObject(input) && isObject(input[name]) ? input[name] : undefined)
const idAt = (g: Group, key: string): number | undefined => {
  const v = g[key]
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined
}
const numberAt = (g: Group, key: string): number | undefined => {
  const v = g[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

const RATE_FIELDS = ['indexTypeID', 'indexTypeMixedID', 'fixedPeriodID'] as const
type RateField = (typeof RATE_FIELDS)[number]

/** What each rate type (index-type-sub-categories code) needs, and the list each id comes from. */
const RATE_TYPES: Record<string, { name: ReturnType<typeof text>; fields: Partial<Record<RateField, string>> }> = {
  FIXED: { name: text('taxa fixa', 'a fixed rate'), fields: { fixedPeriodID: 'fixed-fixed-period' } },
  VARIABLE: { name: text('taxa variável', 'a variable rate'), fields: { indexTypeID: 'index-types' } },
  MIXED: { name: text('taxa mista', 'a mixed rate'), fields: { indexTypeMixedID: 'index-type-list-mixed', fixedPeriodID: 'mixed-fixed-period' } },
}

const ACQUISITION_PURPOSES = new Set(['ACQUISITION', 'LAND_ACQUISITION', 'ACQUISITION_AND_WORKS'])
const WORKS_FIELDS = ['landValue', 'worksCost', 'estimatedValueAfterWorks'] as const
const EARLIEST_BIRTH_DATE = '1900-01-01'
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export function simulationRuleProblems(input: unknown, ctx: RuleContext): Problem[] {
  // A group that is missing or not an object has its own problem; its rules would only repeat it.
  const loan = groupOf(input, 'loanSimulator')
  const borrowers = groupOf(input, 'borrowersSimulator')
  const property = groupOf(input, 'propertySimulator')
  return [
    ...(loan ? loanProblems(loan, ctx) : []),
    ...(borrowers ? borrowerProblems(borrowers, ctx) : []),
    ...(property ? propertyProblems(property, loan ?? {}, ctx) : []),
  ]
}

function reference(g: Group, group: string, key: string, list: string, ctx: RuleContext, problems: Problem[]): number | undefined {
  const id = idAt(g, key)
  if (id === undefined) return undefined
  if (ctx.taxonomy.has(list, id)) return id
  problems.push(unknownReference(`${group}.${key}`, id, list))
  return undefined
}

function loanProblems(loan: Group, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  const { taxonomy } = ctx
  const schemeId = reference(loan, 'loanSimulator', 'productSchemeId', 'product-schemes', ctx, problems)
  const loanPurposeId = reference(loan, 'loanSimulator', 'loanPurposeId', 'loan-purposes', ctx, problems)
  const productPurposeId = reference(loan, 'loanSimulator', 'productPurposeId', 'product-purposes', ctx, problems)
  const rateTypeId = reference(loan, 'loanSimulator', 'interestRateTypeID', 'index-type-sub-categories', ctx, problems)

  const scheme = schemeId === undefined ? undefined : taxonomy.get('product-schemes', schemeId)
  if (scheme && loanPurposeId !== undefined && productPurposeId !== undefined) {
    const pairs = scheme.attributes.combinations as Array<{ loanPurposeId: number; productPurposeId: number }>
    if (!pairs.some((p) => p.loanPurposeId === loanPurposeId && p.productPurposeId === productPurposeId)) {
      const names = (lang: 'pt-PT' | 'en') =>
        [scheme.description[lang], taxonomy.describe('loan-purposes', loanPurposeId, lang), taxonomy.describe('product-purposes', productPurposeId, lang)]
      const [s, l, p] = names('pt-PT')
      const [se, le, pe] = names('en')
      problems.push(
        invalidCombination(
          'loanSimulator.productSchemeId',
          text(
            `o regime "${s}" não aceita a finalidade "${l}" com o destino "${p}" (ver product-schemes, combinations).`,
            `the scheme "${se}" does not accept the loan purpose "${le}" with the product purpose "${pe}" (see product-schemes, combinations).`,
          ),
        ),
      )
    }
  }

  const youthValue = loan.youthCredit
  if (scheme && (youthValue === undefined || typeof youthValue === 'boolean')) {
    const youthScheme = scheme.attributes.youthCredit === true
    if (youthScheme !== (youthValue === true)) {
      problems.push(
        invalidCombination(
          'loanSimulator.youthCredit',
          youthScheme
            ? text('o regime de crédito jovem (YOUTH_GUARANTEE) exige youthCredit igual a true.', 'the youth scheme (YOUTH_GUARANTEE) requires youthCredit true.')
            : text('youthCredit igual a true exige o regime de crédito jovem (YOUTH_GUARANTEE).', 'youthCredit true requires the youth scheme (YOUTH_GUARANTEE).'),
        ),
      )
    }
  }

  const rateCode = rateTypeId === undefined ? undefined : taxonomy.get('index-type-sub-categories', rateTypeId)?.code
  const rateType = rateCode ? RATE_TYPES[rateCode] : undefined
  if (rateType) problems.push(...rateProblems(loan, rateType, rateCode!, ctx))

  const utilization = numberAt(loan, 'utilizationPeriod')
  const purpose = loanPurposeId === undefined ? undefined : taxonomy.get('loan-purposes', loanPurposeId)
  if (utilization !== undefined && utilization > 0 && purpose && purpose.attributes.ltvBasis !== 'works') {
    problems.push(
      notAllowed(
        'loanSimulator.utilizationPeriod',
        text('o período de utilização só se aplica a construção e obras.', 'a drawdown period applies to construction and works only.'),
      ),
    )
  }
  return problems
}

function rateProblems(loan: Group, rateType: (typeof RATE_TYPES)[string], code: string, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  for (const field of RATE_FIELDS) {
    const list = rateType.fields[field]
    const path = `loanSimulator.${field}`
    if (!list) {
      if (loan[field] !== undefined) {
        problems.push(notAllowed(path, text(`não é usado por uma ${rateType.name['pt-PT']}.`, `it is not used by ${rateType.name.en}.`)))
      }
      continue
    }
    if (loan[field] === undefined) {
      problems.push(missing(path))
      continue
    }
    const id = reference(loan, 'loanSimulator', field, list, ctx, problems)
    const months = id === undefined ? undefined : (ctx.taxonomy.get(list, id)?.attributes.months as number | undefined)
    const term = idAt(loan, 'loanDurationMonths')
    if (field !== 'fixedPeriodID' || months === undefined || term === undefined) continue
    if (code === 'FIXED' && term > months) {
      problems.push(
        invalidCombination(
          path,
          text(
            `a taxa fixa escolhida cobre prazos até ${months} meses e o prazo do empréstimo é de ${term} meses.`,
            `the fixed rate chosen covers terms up to ${months} months and the loan term is ${term} months.`,
          ),
        ),
      )
    }
    if (code === 'MIXED' && term <= months) {
      problems.push(
        invalidCombination(
          path,
          text(
            `o período de taxa fixa (${months} meses) tem de ser mais curto do que o prazo do empréstimo (${term} meses).`,
            `the fixed period (${months} months) must be shorter than the loan term (${term} months).`,
          ),
        ),
      )
    }
  }
  return problems
}

function borrowerProblems(borrowers: Group, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  const count = borrowers.numberOfborrowers
  if (count === 2) {
    for (const field of ['borrowerName', 'borrowerBirthDate']) {
      if (borrowers[field] === undefined) problems.push(missing(`borrowersSimulator.${field}`))
    }
  } else if (count === 1) {
    for (const field of SECOND_BORROWER_FIELDS) {
      if (borrowers[field] !== undefined) {
        problems.push(
          notAllowed(
            `borrowersSimulator.${field}`,
            text('numberOfborrowers é 1, sem segundo proponente.', 'numberOfborrowers is 1, so there is no second borrower.'),
          ),
        )
      }
    }
  }
  for (const field of ['keyBorrowerBirthDate', 'borrowerBirthDate']) {
    const value = borrowers[field]
    if (typeof value !== 'string' || !ISO_DATE.test(value)) continue
    if (value >= ctx.today) problems.push(outOfRange(`borrowersSimulator.${field}`, `< ${ctx.today}`))
    else if (value < EARLIEST_BIRTH_DATE) problems.push(outOfRange(`borrowersSimulator.${field}`, `>= ${EARLIEST_BIRTH_DATE}`))
  }
  return problems
}

function propertyProblems(property: Group, loan: Group, ctx: RuleContext): Problem[] {
  const purposeId = idAt(loan, 'loanPurposeId')
  const purpose = purposeId === undefined ? undefined : ctx.taxonomy.get('loan-purposes', purposeId)
  if (!purpose) return []
  const problems: Problem[] = []
  const requirePositive = (field: string) => {
    const path = `propertySimulator.${field}`
    if (property[field] === undefined) problems.push(missing(path))
    else if (numberAt(property, field) === 0) problems.push(outOfRange(path, '> 0'))
  }
  if (purpose.code && ACQUISITION_PURPOSES.has(purpose.code)) requirePositive('acquisitionAmount')
  if (purpose.attributes.ltvBasis === 'works') {
    for (const field of WORKS_FIELDS) requirePositive(field)
  } else {
    requirePositive('evaluationEstimatedAmount')
    for (const field of WORKS_FIELDS) {
      if ((numberAt(property, field) ?? 0) > 0) {
        problems.push(
          notAllowed(
            `propertySimulator.${field}`,
            text(
              `a finalidade "${purpose.description['pt-PT']}" não inclui obras.`,
              `the loan purpose "${purpose.description.en}" does not include works.`,
            ),
          ),
        )
      }
    }
  }
  return problems
}
