import type { PartnerClock } from '../../../platform/clock.ts'
import { generateTestBorrowers } from './test-borrowers.ts'

/**
 * Test data a partner builds its own tests with (docs/design.md "Test identities"): generated on
 * each call, stored nowhere, so it counts against no quota.
 */
export function createTestDataService(deps: { clock: PartnerClock }) {
  return {
    /** `count` borrowers, dated by the partner's clock; a new seed unless one is given. */
    borrowers(partnerUniqueID: string, count: number, seed = Math.floor(Math.random() * 2 ** 31)) {
      const today = deps.clock.now(partnerUniqueID).toISOString().slice(0, 10)
      return { seed, borrowers: generateTestBorrowers({ count, seed, today }) }
    },
  }
}

export type TestDataService = ReturnType<typeof createTestDataService>
