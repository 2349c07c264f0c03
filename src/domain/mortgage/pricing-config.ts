// Every number of the mortgage engine, in one place. Rates are in percent, money in euros.
// Source of the numbers: docs/domain.md, which cites the rules named per constant.

export type SchemeCode = 'GENERAL' | 'YOUTH_GUARANTEE' | 'BANK_PROPERTY' | 'SUSTAINABLE'

/** Upper bounds (LTV %, inclusive) of the spread bands; the last band is everything above. */
export const LTV_BAND_UPPER_BOUNDS = [60, 80] as const

/**
 * Standard spread per scheme and LTV band [≤60%, ≤80%, >80%], before discounts.
 * docs/domain.md "Rates": 1.2% or more without a bundle, 0.6-1.0% with one.
 * Youth credit and bank properties are priced lower in the top band: the state guarantee
 * (DL 44/2024) covers up to 15% of the value, and the bank sells its own property.
 */
export const STANDARD_SPREADS: Readonly<Record<SchemeCode, readonly [number, number, number]>> = {
  GENERAL: [1.2, 1.35, 1.5],
  YOUTH_GUARANTEE: [1.2, 1.35, 1.4],
  BANK_PROPERTY: [1.2, 1.25, 1.3],
  SUSTAINABLE: [1.2, 1.3, 1.4],
}

/** Discount for bundled products (salary domiciliation, cards, insurance): docs/domain.md "Rates". */
export const CROSS_SELLING_DISCOUNT = 0.5

/** Discount of the sustainability campaign (energy class A/B properties): docs/domain.md "Rates". */
export const SUSTAINABILITY_DISCOUNT = 0.1

/** The proposed spread never falls below this floor. */
export const MINIMUM_PROPOSED_SPREAD = 0.5

/** Bank commissions, typical values of docs/domain.md "Charges and taxes". */
export const COMMISSIONS = {
  STUDY: 280,
  VALUATION: 230,
  FORMALISATION: 200,
} as const

/**
 * Mortgage registration (land registry emoluments, not a bank commission, so no stamp duty).
 * docs/domain.md gives ≈225-450 €; 225 € is the value behind its worked check
 * (280 + 230 + 200 + 225 + 0.6% × 200,000 + 4% × 710 = 2,163.40 €).
 */
export const MORTGAGE_REGISTRATION = 225

/**
 * Stamp duty on the use of credit, Código do Imposto do Selo, Tabela Geral verba 17.1:
 * 17.1.1 term under 1 year 0.04% per month or fraction; 17.1.2 term ≥ 1 year 0.5%;
 * 17.1.3 term ≥ 5 years 0.6%.
 */
export const STAMP_DUTY_LOAN = {
  PER_MONTH_UNDER_ONE_YEAR: 0.04,
  ONE_YEAR_OR_MORE: 0.5,
  FIVE_YEARS_OR_MORE: 0.6,
} as const

/** Stamp duty on bank commissions, Tabela Geral verba 17.3.4: 4%. */
export const STAMP_DUTY_COMMISSIONS_RATE = 4

/**
 * Stamp duty on interest, Tabela Geral verba 17.3.1: 4%. Own-home loans are exempt
 * (Código do Imposto do Selo, art. 7.º; docs/domain.md "Charges and taxes").
 */
export const STAMP_DUTY_INTEREST_RATE = 4

/**
 * Life insurance, monthly premium per 1,000 € of capital, by the insured's age (completed years),
 * each borrower insured for the whole capital. docs/domain.md: ≈10-40 €/month per young borrower,
 * ≈40-120 € at 45-55, growing with age and capital.
 */
export const LIFE_INSURANCE_MONTHLY_PER_THOUSAND: ReadonlyArray<{ maxAge: number; rate: number }> = [
  { maxAge: 30, rate: 0.14 },
  { maxAge: 35, rate: 0.17 },
  { maxAge: 40, rate: 0.22 },
  { maxAge: 45, rate: 0.28 },
  { maxAge: 50, rate: 0.36 },
  { maxAge: 55, rate: 0.48 },
  { maxAge: 60, rate: 0.65 },
  { maxAge: 65, rate: 0.9 },
  { maxAge: Number.POSITIVE_INFINITY, rate: 1.25 },
]

/** Multi-risk property insurance: ≈10-30 €/month (docs/domain.md), per 1,000 € of value, with a floor. */
export const PROPERTY_INSURANCE_MONTHLY_PER_THOUSAND = 0.06
export const PROPERTY_INSURANCE_MONTHLY_MINIMUM = 10

/** LTV caps, Banco de Portugal macroprudential recommendation (docs/domain.md "Eligibility"). */
export const LTV_LIMITS = {
  OWN_PERMANENT_HOME: 90,
  OTHER_PURPOSE: 80,
  BANK_PROPERTY: 100,
  // DL 44/2024: the state guarantee of up to 15% of the value lets LTV reach 100%.
  YOUTH_CREDIT: 100,
} as const

/** DSTI cap, Banco de Portugal macroprudential recommendation. */
export const DSTI_LIMIT = 50

/**
 * Interest-rate stress for DSTI, added to the index (Banco de Portugal recommendation):
 * term ≤ 5 years +0.5 pp, 5-10 years +1.0 pp, over 10 years +1.5 pp.
 */
export const DSTI_STRESS_BY_TERM: ReadonlyArray<{ maxMonths: number; pp: number }> = [
  { maxMonths: 60, pp: 0.5 },
  { maxMonths: 120, pp: 1.0 },
  { maxMonths: Number.POSITIVE_INFINITY, pp: 1.5 },
]

/** Share of rental income counted in DSTI (docs/domain.md "Eligibility": ≈70%). */
export const RENT_INCOME_WEIGHT = 0.7

/**
 * Maximum term by the oldest borrower's age in completed years (Banco de Portugal recommendation):
 * up to 30 → 40 years; 31-35 → 37 years; over 35 → 35 years.
 */
export const MAX_TERM_BY_AGE: ReadonlyArray<{ maxAge: number; months: number }> = [
  { maxAge: 30, months: 480 },
  { maxAge: 35, months: 444 },
  { maxAge: Number.POSITIVE_INFINITY, months: 420 },
]

/** Bank practice (docs/domain.md): oldest borrower at most 75 at the end, every borrower at least 18. */
export const MAX_AGE_AT_MATURITY = 75
export const MINIMUM_BORROWER_AGE = 18

/** Youth credit with state guarantee, Decreto-Lei 44/2024. */
export const YOUTH_CREDIT = {
  // Every borrower at most 35; the minimum of 18 is MINIMUM_BORROWER_AGE.
  MAX_AGE: 35,
  MAX_TRANSACTION: 450_000,
  // Upper limit of the 8th IRS bracket in 2025.
  MAX_ANNUAL_INCOME: 83_696,
  // Annual income = monthly net income × 14 (12 months plus holiday and Christmas pay).
  MONTHS_OF_INCOME_PER_YEAR: 14,
} as const
