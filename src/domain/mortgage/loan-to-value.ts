import type { MortgageInput } from './mortgage-input.ts'
import { LTV_LIMITS } from './pricing-config.ts'

export type LtvLimitBasis = keyof typeof LTV_LIMITS

type LtvValuationInput = Pick<MortgageInput, 'ltvBasis' | 'property'>

/**
 * The property value LTV divides by (docs/domain.md "Eligibility"): min(acquisition, evaluation), or for
 * works and construction min(land value + works cost, estimated value after works). An amount of 0
 * counts as not given (a transfer has no acquisition amount), so the other one is used alone.
 */
export function ltvReferenceValue({ ltvBasis, property }: LtvValuationInput): number {
  const candidates =
    ltvBasis === 'works' ? [property.landValue + property.worksCost, property.estimatedValueAfterWorks] : [property.acquisitionAmount, property.evaluationEstimatedAmount]
  const given = candidates.filter((value) => value > 0)
  if (given.length === 0) throw new RangeError('No property value to compute the LTV from')
  return Math.min(...given)
}

/** LTV in percent, unrounded. */
export function loanToValue(input: Pick<MortgageInput, 'loanAmount'> & LtvValuationInput): number {
  return (input.loanAmount / ltvReferenceValue(input)) * 100
}

/**
 * The LTV cap that applies, highest first: youth credit and bank properties 100%, own permanent
 * home 90%, other purposes 80% (Banco de Portugal recommendation; DL 44/2024).
 */
export function ltvLimit(input: Pick<MortgageInput, 'youthCredit' | 'schemeCode' | 'ownPermanentHome'>): { limit: number; basis: LtvLimitBasis } {
  const basis: LtvLimitBasis = input.youthCredit
    ? 'YOUTH_CREDIT'
    : input.schemeCode === 'BANK_PROPERTY'
      ? 'BANK_PROPERTY'
      : input.ownPermanentHome
        ? 'OWN_PERMANENT_HOME'
        : 'OTHER_PURPOSE'
  return { limit: LTV_LIMITS[basis], basis }
}
