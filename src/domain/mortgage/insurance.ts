import { LIFE_INSURANCE_MONTHLY_PER_THOUSAND, PROPERTY_INSURANCE_MONTHLY_MINIMUM, PROPERTY_INSURANCE_MONTHLY_PER_THOUSAND } from './pricing-config.ts'
import { roundMoney } from './rounding.ts'

/**
 * Monthly life insurance premium: each borrower insured for the whole capital, at the rate of
 * their age band (docs/domain.md "Insurance": grows with age and capital).
 */
export function lifeInsuranceMonthly(borrowerAges: readonly number[], capital: number): number {
  const premium = borrowerAges.reduce((sum, age) => sum + (capital / 1000) * lifeRate(age), 0)
  return roundMoney(premium)
}

/** Monthly multi-risk property insurance on the property value (docs/domain.md: ≈10-30 €). */
export function propertyInsuranceMonthly(propertyValue: number): number {
  const premium = (propertyValue / 1000) * PROPERTY_INSURANCE_MONTHLY_PER_THOUSAND
  return roundMoney(Math.max(PROPERTY_INSURANCE_MONTHLY_MINIMUM, premium))
}

function lifeRate(age: number): number {
  const band = LIFE_INSURANCE_MONTHLY_PER_THOUSAND.find(({ maxAge }) => age <= maxAge)
  if (!band) throw new RangeError(`No life insurance rate for age ${age}`)
  return band.rate
}
