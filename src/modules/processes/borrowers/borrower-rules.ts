import { isIndividualNif, isValidCitizenCardNumber, isValidNif, isValidNiss } from '../../../domain/identity-numbers.ts'
import type { Problem } from '../../../common/api-error.ts'
import { lenient } from '../../../common/lenient-schema.ts'
import { invalidCombination, localizedProblem, missing, notAllowed, outOfRange, text, unknownReference } from '../../../common/problems.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { z } from '@hono/zod-openapi'
import { ACADEMIC_LEVELS } from './academic-levels.ts'
import { BorrowerRequestSchema, FinancialDataBorrowerRequestSchema, PersonalDataBorrowerRequestSchema, ProfessionalDataBorrowerRequestSchema } from './borrower-request.schemas.ts'
import type { BorrowerRecord } from './borrowers.repository.ts'

/**
 * Borrower Create and Update rules beyond types and bounds (interface document, "Borrowers of a
 * process", rule 3: the payload is validated against the process, borrower and broker context).
 * They run beside the schema, so that one answer names every problem: each group is read through its
 * own schema leniently (a value of the wrong type reads as absent, the schema's problem names it),
 * and a field's presence from the raw group.
 */

export const KEY_BORROWER_TYPE = 1
export const CO_BORROWER_TYPE = 2
/** Titulares of one housing loan: the key borrower and up to three co-borrowers. */
export const MAX_BORROWERS = 4
export const MINIMUM_AGE = 18
const PORTUGAL = 620

export interface BorrowerRuleContext {
  taxonomy: TaxonomyCatalog
  /** YYYY-MM-DD of the sandbox clock. */
  today: string
  /** The other borrowers of the process (without the one updated). */
  others: readonly BorrowerRecord[]
  /** Set on update: the stored borrower. */
  current?: BorrowerRecord
}

type Raw = Record<string, unknown>
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)
const groupOf = (input: unknown, name: string): Raw => (isObject(input) && isObject(input[name]) ? input[name] : {})

const LENIENT = {
  top: lenient(BorrowerRequestSchema),
  personal: lenient(PersonalDataBorrowerRequestSchema),
  financial: lenient(FinancialDataBorrowerRequestSchema),
  professional: lenient(ProfessionalDataBorrowerRequestSchema),
}
type Top = z.output<typeof LENIENT.top>
type Personal = z.output<typeof LENIENT.personal>
/** The value of a field as its schema reads it: null (cleared) counts as absent. */
const valueOf = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value)

const PERSONAL = 'personalDataBorrowerRequest'
const FINANCIAL = 'financialDataBorrowerRequest'
const PROFESSIONAL = 'professionalDataBorrowerRequest'

const PERSONAL_LISTS = [
  ['genderId', 'genders'],
  ['nationalityId', 'countries'],
  ['identificationDocumentTypeId', 'identification-documents'],
  ['maritalStatusId', 'marital-statuses'],
  ['matrimonialRegimeId', 'matrimonial-regimes'],
  ['residenceTypeId', 'residence-types'],
  ['countryId', 'countries'],
] as const
const PROFESSIONAL_LISTS = [
  ['employmentProfessionId', 'professions'],
  ['employmentSituationId', 'employment-situations'],
  ['employmentPositionDepartmentID', 'employment-department-positions'],
  ['employmentContractTypeId', 'employment-contract-types'],
] as const

const rule = (field: string, pt: string, en: string): Problem => localizedProblem('BUSINESS_RULE', field, { detail: text(pt, en) })
const badFormat = (field: string, format: string): Problem => ({ key: 'INVALID_FORMAT', field, params: { format } })

/** Every problem of a candidate borrower (create: the body; update: the merged borrower). */
export function borrowerRuleProblems(input: unknown, ctx: BorrowerRuleContext): Problem[] {
  const top = isObject(input) ? input : {}
  const personal = LENIENT.personal.parse(groupOf(top, PERSONAL))
  const professional = LENIENT.professional.parse(groupOf(top, PROFESSIONAL))
  const problems: Problem[] = [...typeProblems(top, LENIENT.top.parse(top), ctx)]
  if (top[PERSONAL] === undefined) problems.push(missing(PERSONAL))
  if (top[FINANCIAL] === undefined) problems.push(missing(FINANCIAL))
  if (isObject(top[PERSONAL])) problems.push(...personalProblems(top[PERSONAL], personal, ctx))
  if (isObject(top[FINANCIAL]) && top[FINANCIAL].hasSocialSecurityDebt === undefined) problems.push(missing(`${FINANCIAL}.hasSocialSecurityDebt`))
  const employerTaxId = valueOf(professional.employerTaxId)
  if (employerTaxId !== undefined && !isValidNif(employerTaxId)) problems.push(badFormat(`${PROFESSIONAL}.employerTaxId`, 'NIF: 9 digits with a valid check digit'))
  const reference = (group: string, field: string, id: number | null | undefined, list: string) => {
    if (id != null && !ctx.taxonomy.has(list, id)) problems.push(unknownReference(`${group}.${field}`, id, list))
  }
  for (const [field, list] of PERSONAL_LISTS) reference(PERSONAL, field, personal[field], list)
  for (const [field, list] of PROFESSIONAL_LISTS) reference(PROFESSIONAL, field, professional[field], list)
  const level = valueOf(personal.academicLevelId)
  if (level !== undefined && !ACADEMIC_LEVELS.has(level)) problems.push(unknownReference(`${PERSONAL}.academicLevelId`, level, 'academic-levels'))
  return problems
}

function typeProblems(raw: Raw, top: Top, ctx: BorrowerRuleContext): Problem[] {
  const problems: Problem[] = []
  const typeId = valueOf(top.borrowerTypeId)
  if (raw.borrowerTypeId === undefined) return [missing('borrowerTypeId')]
  if (typeId === undefined) return problems
  if (!ctx.taxonomy.has('entity-types', typeId)) return [unknownReference('borrowerTypeId', typeId, 'entity-types')]
  if (typeId !== KEY_BORROWER_TYPE && typeId !== CO_BORROWER_TYPE) {
    return [notAllowed('borrowerTypeId', text('um proponente é primeiro titular (1) ou cotitular (2).', 'a borrower is the key borrower (1) or a co-borrower (2).'))]
  }
  if (!ctx.current && ctx.others.length >= MAX_BORROWERS) {
    problems.push(rule('borrowerTypeId', `Um processo tem no máximo ${MAX_BORROWERS} proponentes.`, `A process has at most ${MAX_BORROWERS} borrowers.`))
  }
  if (ctx.current?.borrowerTypeId === KEY_BORROWER_TYPE && typeId !== KEY_BORROWER_TYPE) {
    problems.push(invalidCombination('borrowerTypeId', text('o primeiro titular não deixa de o ser.', 'the key borrower stays the key borrower.')))
  } else if (typeId === KEY_BORROWER_TYPE && ctx.others.some((b) => b.borrowerTypeId === KEY_BORROWER_TYPE)) {
    problems.push(invalidCombination('borrowerTypeId', text('o processo já tem um primeiro titular.', 'the process already has a key borrower.')))
  }
  const relation = valueOf(top.keyBorrowerRelationId)
  if (typeId === KEY_BORROWER_TYPE && raw.keyBorrowerRelationId !== undefined) {
    problems.push(notAllowed('keyBorrowerRelationId', text('o primeiro titular não tem relação consigo próprio.', 'the key borrower has no relation to itself.')))
  } else if (relation !== undefined && !ctx.taxonomy.has('key-borrower-relations', relation)) {
    problems.push(unknownReference('keyBorrowerRelationId', relation, 'key-borrower-relations'))
  }
  return problems
}

function personalProblems(raw: Raw, p: Personal, ctx: BorrowerRuleContext): Problem[] {
  const problems: Problem[] = []
  const field = (name: string) => `${PERSONAL}.${name}`
  for (const name of ['name', 'birthDate', 'taxId']) if (raw[name] === undefined) problems.push(missing(field(name)))

  const birthDate = valueOf(p.birthDate)
  if (birthDate) {
    const adultOn = `${Number(ctx.today.slice(0, 4)) - MINIMUM_AGE}${ctx.today.slice(4)}`
    if (birthDate < '1900-01-01') problems.push(outOfRange(field('birthDate'), '>= 1900-01-01'))
    else if (birthDate > adultOn) problems.push(outOfRange(field('birthDate'), `<= ${adultOn} (${MINIMUM_AGE} years old)`))
  }
  const taxId = valueOf(p.taxId)
  if (taxId !== undefined) {
    if (!isValidNif(taxId)) problems.push(badFormat(field('taxId'), 'NIF: 9 digits with a valid check digit'))
    else if (!isIndividualNif(taxId)) {
      problems.push(
        rule(field('taxId'), 'O NIF não é de uma pessoa singular (começa por 1, 2, 3 ou 45).', 'The NIF is not that of a natural person (it starts with 1, 2, 3 or 45).'),
      )
    } else if (ctx.others.some((b) => b.personal.taxId === taxId)) {
      problems.push(invalidCombination(field('taxId'), text('outro proponente do processo tem este NIF.', 'another borrower of the process has this NIF.')))
    }
  }
  const niss = valueOf(p.socialSecurityNumber)
  if (niss !== undefined && !isValidNiss(niss)) problems.push(badFormat(field('socialSecurityNumber'), 'NISS: 11 digits with a valid check digit'))
  for (const name of ['phone', 'mobile'] as const) {
    const value = valueOf(p[name])
    if (value !== undefined && !/^\+?\d{9,15}$/.test(value.replace(/\s+/g, ''))) problems.push(badFormat(field(name), 'telephone number: 9 to 15 digits, optional leading +'))
  }
  const expiry = valueOf(p.identificationDocumentExpiredDate)
  if (expiry && expiry <= ctx.today) problems.push(outOfRange(field('identificationDocumentExpiredDate'), `> ${ctx.today}`))
  problems.push(...identificationProblems(p, ctx))

  const marital = valueOf(p.maritalStatusId)
  const maritalItem = marital === undefined ? undefined : ctx.taxonomy.get('marital-statuses', marital)
  if (maritalItem?.attributes.requiresMatrimonialRegime === true && raw.matrimonialRegimeId === undefined) {
    problems.push(missing(field('matrimonialRegimeId')))
  } else if (maritalItem && maritalItem.attributes.requiresMatrimonialRegime !== true && raw.matrimonialRegimeId !== undefined) {
    problems.push(
      notAllowed(
        field('matrimonialRegimeId'),
        text(`o estado civil "${maritalItem.description['pt-PT']}" não tem regime de bens.`, `the marital status "${maritalItem.description.en}" has no matrimonial regime.`),
      ),
    )
  }
  const zip = valueOf(p.zipCode)
  const country = valueOf(p.countryId)
  if (zip !== undefined && (country === undefined || country === PORTUGAL) && !/^\d{4}-\d{3}$/.test(zip)) {
    problems.push(badFormat(field('zipCode'), 'Portuguese postal code NNNN-NNN'))
  }
  return problems
}

function identificationProblems(p: Personal, ctx: BorrowerRuleContext): Problem[] {
  const typeId = valueOf(p.identificationDocumentTypeId)
  const code = typeId === undefined ? undefined : ctx.taxonomy.get('identification-documents', typeId)?.code
  const number = valueOf(p.identificationDocumentNumber)
  const checkDigit = valueOf(p.checkDigit)
  const field = (name: string) => `${PERSONAL}.${name}`
  if (code === 'CC') {
    if (number !== undefined && !/^\d{8}$/.test(number)) return [badFormat(field('identificationDocumentNumber'), 'citizen card: 8-digit civil identification number')]
    if (number !== undefined && checkDigit !== undefined && !isValidCitizenCardNumber(number, checkDigit)) {
      return [badFormat(field('checkDigit'), 'citizen card: check digit, two-letter version and check digit (e.g. 3ZZ4) valid for the civil number')]
    }
    return []
  }
  if (number !== undefined && !/^[A-Za-z0-9]{5,20}$/.test(number)) return [badFormat(field('identificationDocumentNumber'), '5 to 20 letters and digits')]
  return []
}
