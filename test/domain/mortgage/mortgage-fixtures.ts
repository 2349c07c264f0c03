import type { Borrower, MortgageInput } from '../../../src/domain/mortgage/mortgage-input.ts'

export const AS_OF = '2026-01-15'

export function borrower(overrides: Partial<Borrower> & { birthDate?: string } = {}): Borrower {
  return {
    birthDate: '1995-06-01', // 30 on AS_OF
    income: { wagesPensions: 3000, greenReceipts: 0, rents: 0, others: 0 },
    installments: {
      housingCredit: 0,
      personalCredit: 0,
      autoLeasingCredit: 0,
      creditCard: 0,
      bankOverdraft: 0,
      other: 0,
    },
    ...overrides,
  }
}

/**
 * docs/domain.md's worked check as a quote: 200,000 € over 360 months at 3.000% (base 2.15 + spread
 * 1.35 − 0.5 cross-selling at LTV 80%), a 30-year-old borrower (life 28 €) and a 250,000 € home
 * (property 15 €): insurance 43 €/month.
 */
export function mortgageInput(overrides: Partial<MortgageInput> = {}): MortgageInput {
  return {
    loanAmount: 200_000,
    durationMonths: 360,
    rate: { type: 'fixed', baseRate: 2.15 },
    schemeCode: 'GENERAL',
    ltvBasis: 'acquisition',
    youthCreditAllowedForPurpose: true,
    ownPermanentHome: true,
    hasCrossSelling: true,
    sustainabilityCampaign: false,
    youthCredit: false,
    property: {
      acquisitionAmount: 250_000,
      evaluationEstimatedAmount: 250_000,
      worksCost: 0,
      estimatedValueAfterWorks: 0,
      landValue: 0,
    },
    borrowers: [borrower()],
    asOf: AS_OF,
    ...overrides,
  }
}
