import { withoutNulls } from '../../common/answer-fields.ts'
import type { Lang } from '../../common/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { LoanSimulationDetail } from './loan-detail.schemas.ts'
import type { StoredQuote } from './loan-engine.ts'
import type { LoanSimulator } from './loan-input.schemas.ts'

function loanSection(loan: LoanSimulator, quote: StoredQuote, taxonomy: TaxonomyCatalog, lang: Lang): LoanSimulationDetail {
  const rateCode = taxonomy.get('index-type-sub-categories', loan.interestRateTypeID)?.code
  const mixedIndex = loan.indexTypeMixedID ? taxonomy.get('index-type-list-mixed', loan.indexTypeMixedID) : undefined
  const indexTypeId = rateCode === 'MIXED' ? (mixedIndex?.attributes.indexTypeId as number | undefined) : loan.indexTypeID
  const periodList = rateCode === 'MIXED' ? 'mixed-fixed-period' : 'fixed-fixed-period'
  return withoutNulls({
    loanAmount: quote.loanAmount,
    loanDurationMonths: quote.loanDurationMonths,
    monthlyInstallmentAmount: quote.monthlyInstallmentAmount,
    mtic: quote.mtic,
    proposedSpread: quote.proposedSpread,
    indexInterestRate: quote.indexInterestRate,
    tan: quote.tan,
    taeg: quote.taeg,
    productSchemeId: loan.productSchemeId,
    productSchemeDescription: taxonomy.describe('product-schemes', loan.productSchemeId, lang) ?? '',
    loanPurposeId: String(loan.loanPurposeId),
    loanPurposeDescription: taxonomy.describe('loan-purposes', loan.loanPurposeId, lang) ?? '',
    productPurposeId: String(loan.productPurposeId),
    productPurposeDescription: taxonomy.describe('product-purposes', loan.productPurposeId, lang) ?? '',
    hasCrossSelling: loan.hasCrossSelling ?? false,
    indexTypeSubCategoryID: loan.interestRateTypeID,
    indexTypeSubCategoryDescription: taxonomy.describe('index-type-sub-categories', loan.interestRateTypeID, lang) ?? '',
    indexTypeMixed: mixedIndex ? mixedIndex.description[lang] : null,
    indexType: taxonomy.describe('index-types', indexTypeId, lang),
    fixedBaseInterestRate: quote.fixedBaseInterestRate,
    fixedMonthlyInstallmentAmount: quote.fixedMonthlyInstallmentAmount,
    fixedTAN: quote.fixedTAN,
    variableTAN: quote.variableTAN,
    fixedSpread: quote.fixedSpread,
    fixedPeriod: taxonomy.describe(periodList, loan.fixedPeriodID, lang),
    fixedProposedSpread: quote.fixedProposedSpread,
    loanFixedPeriodMonths: quote.loanFixedPeriodMonths,
    variableBaseInterestRate: quote.variableBaseInterestRate,
    variableMonthlyInstallmentAmount: quote.variableMonthlyInstallmentAmount,
    variableSpread: quote.variableSpread,
    variableProposedSpread: quote.variableProposedSpread,
    loanVariablePeriodMonths: quote.loanVariablePeriodMonths,
    spread: quote.spread,
    baseInterestRate: quote.baseInterestRate,
    loanToValue: quote.loanToValue,
    youthCredit: loan.youthCredit ?? false,
  })
}

/**
 * The loan, insurance and charges sections of a detail: Simulation Detail's, and Process Detail's
 * for the process's own loan and quote, so both always show the same figures under the same names.
 */
export function loanFigures(loan: LoanSimulator, quote: StoredQuote, taxonomy: TaxonomyCatalog, lang: Lang) {
  return {
    loan: loanSection(loan, quote, taxonomy, lang),
    insurance: { ...quote.insurance },
    bankCharges: quote.bankCharges.map((charge) => ({
      description: taxonomy.byCode('bank-charge-types', charge.code)?.description[lang] ?? charge.code,
      amount: charge.amount,
    })),
  }
}
