import type { RatePeriod } from './annuity.ts'
import type { MortgageInput } from './mortgage-input.ts'
import { CROSS_SELLING_DISCOUNT, LTV_BAND_UPPER_BOUNDS, MINIMUM_PROPOSED_SPREAD, STANDARD_SPREADS, SUSTAINABILITY_DISCOUNT, type SchemeCode } from './pricing-config.ts'
import { roundRate } from './rounding.ts'

/** Standard spread of the scheme for the LTV band, before discounts (docs/domain.md "Rates"). */
export function standardSpread(schemeCode: SchemeCode, ltvPct: number): number {
  const band = LTV_BAND_UPPER_BOUNDS.findIndex((bound) => ltvPct <= bound + 1e-9)
  const spreads = STANDARD_SPREADS[schemeCode]
  return band === -1 ? spreads[2] : (spreads[band] ?? spreads[2])
}

/** Spread after the cross-selling and sustainability discounts, never below the floor. */
export function proposedSpread(spread: number, discounts: { hasCrossSelling: boolean; sustainabilityCampaign: boolean }): number {
  const discounted = spread - (discounts.hasCrossSelling ? CROSS_SELLING_DISCOUNT : 0) - (discounts.sustainabilityCampaign ? SUSTAINABILITY_DISCOUNT : 0)
  return roundRate(Math.max(MINIMUM_PROPOSED_SPREAD, discounted))
}

export interface RatePart {
  baseInterestRate: number
  spread: number
  proposedSpread: number
  tan: number
  months: number
}

export type VariablePart = RatePart & { indexRate: number }

/** The priced rates of a loan: TAN = base (fixed) or index (variable) + proposed spread. */
export interface RatePricing {
  spread: number
  proposedSpread: number
  fixed: RatePart | null
  variable: VariablePart | null
  /** The rate periods of the whole term, in order. */
  periods: RatePeriod[]
}

/**
 * TAN per period (docs/domain.md "Rates"): fixed = base rate + spread for the whole term; variable =
 * index + spread; mixed = fixed rate for the fixed period, then index + spread. Rates are rounded
 * to 3 decimals, as a contract states them, before any instalment is computed.
 */
export function priceRates(input: Pick<MortgageInput, 'rate' | 'schemeCode' | 'durationMonths' | 'hasCrossSelling' | 'sustainabilityCampaign'>, ltvPct: number): RatePricing {
  const spread = standardSpread(input.schemeCode, ltvPct)
  const proposed = proposedSpread(spread, input)
  const part = (baseInterestRate: number, months: number): RatePart => ({
    baseInterestRate,
    spread,
    proposedSpread: proposed,
    tan: roundRate(baseInterestRate + proposed),
    months,
  })
  // The index rate first, then the part: an object literal that begins with a spread and goes on
  // costs every loan's objects a trip to the old generation (docs/decisions/0105-what-the-minor-collections-keep.md).
  const variablePart = (indexRate: number, months: number): VariablePart => ({ indexRate, ...part(indexRate, months) })
  const { rate, durationMonths } = input
  switch (rate.type) {
    case 'fixed': {
      const fixed = part(rate.baseRate, durationMonths)
      return { spread, proposedSpread: proposed, fixed, variable: null, periods: [period(fixed)] }
    }
    case 'variable': {
      const variable = variablePart(rate.indexRate, durationMonths)
      return { spread, proposedSpread: proposed, fixed: null, variable, periods: [period(variable)] }
    }
    case 'mixed': {
      if (!Number.isInteger(rate.fixedPeriodMonths) || rate.fixedPeriodMonths <= 0 || rate.fixedPeriodMonths >= durationMonths) {
        throw new RangeError(`A mixed rate needs a fixed period shorter than the term: ${rate.fixedPeriodMonths} of ${durationMonths} months`)
      }
      const fixed = part(rate.baseRate, rate.fixedPeriodMonths)
      const variable = variablePart(rate.indexRate, durationMonths - rate.fixedPeriodMonths)
      return { spread, proposedSpread: proposed, fixed, variable, periods: [period(fixed), period(variable)] }
    }
  }
}

function period(part: RatePart): RatePeriod {
  return { months: part.months, annualRatePct: part.tan }
}
