import type { PartnerClock } from '../../../platform/clock.ts'
import { LONGEST_TERM_MONTHS, oldestAgeMonthsForTerm } from '../../../domain/mortgage/eligibility.ts'
import { generateTestBorrowers } from './test-borrowers.ts'

/**
 * Test data a partner builds its own tests with (docs/design.md "Test identities"): generated on
 * each call, stored nowhere, so it counts against no quota.
 */
export function createTestDataService(deps: { clock: PartnerClock }) {
  return {
    /**
     * `count` borrowers, dated by the partner's clock, young enough for a loan of
     * `loanDurationMonths` (the longest term by default); a new seed unless one is given.
     */
    borrowers(partnerUniqueID: string, count: number, seed = Math.floor(Math.random() * 2 ** 31), loanDurationMonths = LONGEST_TERM_MONTHS) {
      const today = deps.clock.now(partnerUniqueID).toISOString().slice(0, 10)
      return { seed, borrowers: generateTestBorrowers({ count, seed, today, maxAgeMonths: oldestAgeMonthsForTerm(loanDurationMonths) }) }
    },
  }
}

export type TestDataService = ReturnType<typeof createTestDataService>
