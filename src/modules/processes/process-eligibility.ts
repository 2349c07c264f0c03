import { describeFailure, type EligibilityFailure } from '../../domain/mortgage/index.ts'
import type { Problem } from '../../common/api-error.ts'
import { localizedProblem, text } from '../../common/problems.ts'

/** The input a failed eligibility rule points at, under the loan group's name. */
function fieldOf(failure: EligibilityFailure, loanGroup: string): string {
  switch (failure.code) {
    case 'LTV_ABOVE_LIMIT':
    case 'DSTI_ABOVE_LIMIT':
      return `${loanGroup}.loanAmount`
    case 'TERM_ABOVE_MAXIMUM':
    case 'AGE_AT_MATURITY_ABOVE_LIMIT':
      return `${loanGroup}.loanDurationMonths`
    case 'BORROWER_UNDER_MINIMUM_AGE':
      return `borrowers[${failure.params.borrower - 1}].personalData.birthDate`
    case 'NO_INCOME':
      return 'borrowers'
    default:
      return `${loanGroup}.youthCredit`
  }
}

/** One 400 item (010110) per failed rule, with the engine's own sentence in both languages. */
export function eligibilityProblems(failures: readonly EligibilityFailure[], loanGroup: string): Problem[] {
  return failures.map((failure) =>
    localizedProblem('BUSINESS_RULE', fieldOf(failure, loanGroup), { detail: text(describeFailure(failure, 'pt-PT'), describeFailure(failure, 'en')) }),
  )
}
