import type { Problem } from '../../common/api-error.ts'
import { lenient } from '../../common/lenient-schema.ts'
import { invalidCombination, missing, notAllowed, outOfRange, text, unknownReference } from '../../common/problems.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import {
  BorrowersSimulatorSchema,
  LoanSimulatorSchema,
  PropertySimulatorSchema,
  SECOND_BORROWER_FIELDS,
  type BorrowersSimulator,
  type LoanSimulator,
  type PropertySimulator,
  type LoanInput,
} from './loan-input.schemas.ts'

/**
 * The rules of the loan's input groups beyond types and bounds (the zod schemas hold those): ids in
 * their reference lists, the scheme / loan purpose / product purpose combinations, the rate-type
 * rules, borrower consistency, birth dates in the past and the property values each purpose needs.
 * They run beside the schema, so that one answer names every problem: each group is read through
 * its own schema leniently (a value of the wrong type reads as absent, the schema's problem names
 * it), and a field's presence from the raw group.
 */

type Raw = Record<string, unknown>
type Loan = Partial<LoanSimulator>
type Borrowers = Partial<BorrowersSimulator>
type Property = Partial<PropertySimulator>

const LENIENT = { loan: lenient(LoanSimulatorSchema), borrowers: lenient(BorrowersSimulatorSchema), property: lenient(PropertySimulatorSchema) }

export interface RuleContext {
  taxonomy: TaxonomyCatalog
  /** YYYY-MM-DD of the sandbox clock. */
  today: string
}

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)
const groupOf = (input: unknown, name: string): Raw | undefined => (isObject(input) && isObject(input[name]) ? input[name] : undefined)
/** A group as sent, and as its schema reads it. */
type Read<T> = { raw: Raw; value: T }

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

/**
 * Every rule problem of an input. `typed` is the input as the strict schema parsed it, when it did:
 * then the groups need no lenient reading (the common case, and the cheaper one).
 */
export function loanRuleProblems(input: unknown, ctx: RuleContext, typed?: Partial<LoanInput>): Problem[] {
  // A group that is missing or not an object has its own problem; its rules would only repeat it.
  const loanRaw = groupOf(input, 'loanSimulator')
  const borrowersRaw = groupOf(input, 'borrowersSimulator')
  const propertyRaw = groupOf(input, 'propertySimulator')
  const loan = loanRaw && { raw: loanRaw, value: typed?.loanSimulator ?? LENIENT.loan.parse(loanRaw) }
  return [
    ...(loan ? loanProblems(loan, ctx) : []),
    ...(borrowersRaw ? borrowerProblems({ raw: borrowersRaw, value: typed?.borrowersSimulator ?? LENIENT.borrowers.parse(borrowersRaw) }, ctx) : []),
    ...(propertyRaw ? propertyProblems({ raw: propertyRaw, value: typed?.propertySimulator ?? LENIENT.property.parse(propertyRaw) }, loan?.value ?? {}, ctx) : []),
  ]
}

/** An id of a reference list, when it is one; else its problem (010106) and undefined. */
function reference(id: number | null | undefined, field: string, list: string, ctx: RuleContext, problems: Problem[]): number | undefined {
  if (id === undefined || id === null) return undefined
  if (ctx.taxonomy.has(list, id)) return id
  problems.push(unknownReference(field, id, list))
  return undefined
}

function loanProblems({ raw, value: loan }: Read<Loan>, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  const { taxonomy } = ctx
  const schemeId = reference(loan.productSchemeId, 'loanSimulator.productSchemeId', 'product-schemes', ctx, problems)
  const loanPurposeId = reference(loan.loanPurposeId, 'loanSimulator.loanPurposeId', 'loan-purposes', ctx, problems)
  const productPurposeId = reference(loan.productPurposeId, 'loanSimulator.productPurposeId', 'product-purposes', ctx, problems)
  const rateTypeId = reference(loan.interestRateTypeID, 'loanSimulator.interestRateTypeID', 'index-type-sub-categories', ctx, problems)

  const scheme = schemeId === undefined ? undefined : taxonomy.get('product-schemes', schemeId)
  if (scheme && loanPurposeId !== undefined && productPurposeId !== undefined) {
    const pairs = scheme.attributes.combinations as Array<{ loanPurposeId: number; productPurposeId: number }>
    if (!pairs.some((p) => p.loanPurposeId === loanPurposeId && p.productPurposeId === productPurposeId)) {
      const names = (lang: 'pt-PT' | 'en') => [
        scheme.description[lang],
        taxonomy.describe('loan-purposes', loanPurposeId, lang),
        taxonomy.describe('product-purposes', productPurposeId, lang),
      ]
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

  // A youthCredit of the wrong type is the schema's problem alone.
  if (scheme && (raw.youthCredit === undefined || typeof loan.youthCredit === 'boolean')) {
    const youthScheme = scheme.attributes.youthCredit === true
    if (youthScheme !== (loan.youthCredit === true)) {
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
  if (rateType) problems.push(...rateProblems({ raw, value: loan }, rateType, rateCode!, ctx))

  const utilization = loan.utilizationPeriod
  const purpose = loanPurposeId === undefined ? undefined : taxonomy.get('loan-purposes', loanPurposeId)
  if (utilization != null && utilization > 0 && purpose && purpose.attributes.ltvBasis !== 'works') {
    problems.push(
      notAllowed(
        'loanSimulator.utilizationPeriod',
        text('o período de utilização só se aplica a construção e obras.', 'a drawdown period applies to construction and works only.'),
      ),
    )
  }
  return problems
}

function rateProblems({ raw, value: loan }: Read<Loan>, rateType: (typeof RATE_TYPES)[string], code: string, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  for (const field of RATE_FIELDS) {
    const list = rateType.fields[field]
    const path = `loanSimulator.${field}`
    if (!list) {
      if (raw[field] !== undefined) {
        problems.push(notAllowed(path, text(`não é usado por uma ${rateType.name['pt-PT']}.`, `it is not used by ${rateType.name.en}.`)))
      }
      continue
    }
    if (raw[field] === undefined) {
      problems.push(missing(path))
      continue
    }
    const id = reference(loan[field], path, list, ctx, problems)
    const months = id === undefined ? undefined : (ctx.taxonomy.get(list, id)?.attributes.months as number | undefined)
    const term = loan.loanDurationMonths
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

function borrowerProblems({ raw, value: borrowers }: Read<Borrowers>, ctx: RuleContext): Problem[] {
  const problems: Problem[] = []
  const count = borrowers.numberOfborrowers
  if (count === 2) {
    for (const field of ['borrowerName', 'borrowerBirthDate']) {
      if (raw[field] === undefined) problems.push(missing(`borrowersSimulator.${field}`))
    }
  } else if (count === 1) {
    for (const field of SECOND_BORROWER_FIELDS) {
      if (raw[field] !== undefined) {
        problems.push(notAllowed(`borrowersSimulator.${field}`, text('numberOfborrowers é 1, sem segundo proponente.', 'numberOfborrowers is 1, so there is no second borrower.')))
      }
    }
  }
  for (const field of ['keyBorrowerBirthDate', 'borrowerBirthDate'] as const) {
    const value = borrowers[field]
    if (typeof value !== 'string') continue
    if (value >= ctx.today) problems.push(outOfRange(`borrowersSimulator.${field}`, `< ${ctx.today}`))
    else if (value < EARLIEST_BIRTH_DATE) problems.push(outOfRange(`borrowersSimulator.${field}`, `>= ${EARLIEST_BIRTH_DATE}`))
  }
  return problems
}

function propertyProblems({ raw, value: property }: Read<Property>, loan: Loan, ctx: RuleContext): Problem[] {
  const purpose = loan.loanPurposeId === undefined ? undefined : ctx.taxonomy.get('loan-purposes', loan.loanPurposeId)
  if (!purpose) return []
  const problems: Problem[] = []
  const requirePositive = (field: keyof Property) => {
    const path = `propertySimulator.${field}`
    if (raw[field] === undefined) problems.push(missing(path))
    else if (property[field] === 0) problems.push(outOfRange(path, '> 0'))
  }
  if (purpose.code && ACQUISITION_PURPOSES.has(purpose.code)) requirePositive('acquisitionAmount')
  if (purpose.attributes.ltvBasis === 'works') {
    for (const field of WORKS_FIELDS) requirePositive(field)
  } else {
    requirePositive('evaluationEstimatedAmount')
    for (const field of WORKS_FIELDS) {
      if ((property[field] ?? 0) > 0) {
        problems.push(
          notAllowed(
            `propertySimulator.${field}`,
            text(`a finalidade "${purpose.description['pt-PT']}" não inclui obras.`, `the loan purpose "${purpose.description.en}" does not include works.`),
          ),
        )
      }
    }
  }
  return problems
}
