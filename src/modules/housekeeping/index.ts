import type { Clock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { createRouter } from '../../http/router/create-router.ts'
import type { Logger } from '../../platform/logger.ts'
import { housekeepingHandlers } from './housekeeping.handlers.ts'
import * as routes from './housekeeping.routes.ts'
import { createPartnerDataOwners, type OlderThanDeletion } from './partner-data.ts'
import { createRetentionSweeper } from './retention-sweeper.ts'
import { createSandboxResetService, type SandboxResetService } from './sandbox-reset.service.ts'

export type { OlderThanDeletion, PartnerDataOwner } from './partner-data.ts'
export type { SandboxResetService } from './sandbox-reset.service.ts'

/**
 * A partner's data as a whole (docs/decisions/0301-housekeeping-partner-data-owners.md): one list
 * of its owners, and what walks it: the reset (POST /sandbox/reset, and the operator's partner
 * deletion through `eraseData`) and the retention sweeper. Built first, before the owners: each
 * module is added to `owners` as the composition root builds it, in deletion order.
 */
export function createHousekeeping(deps: { writes: Transactions; logger: Logger; clock: Clock; retentionDays: number }) {
  const owners = createPartnerDataOwners()
  const reset = createSandboxResetService({ writes: deps.writes, logger: deps.logger, owners })
  return {
    owners: { add: owners.add },
    /** A partner's data, every owner's, deleted in one transaction; returns how many of each kind. */
    eraseData: (partnerUniqueID: string) => reset.reset(partnerUniqueID),
    reset,
    retention: createRetentionSweeper({ days: deps.retentionDays, clock: deps.clock, writes: deps.writes, logger: deps.logger, owners }),
    /**
     * A sweeper of its own for records kept past the partner's data (the audit trail): not an
     * owner of a partner's data, so neither the reset nor the partner's deletion reaches them.
     */
    sweeperOf: (days: number, olderThan: Readonly<Record<string, OlderThanDeletion>>) =>
      createRetentionSweeper({
        days,
        clock: deps.clock,
        writes: deps.writes,
        logger: deps.logger,
        owners: { list: () => [{ owner: 'kept past the partner', tables: [], deleteOfPartner: () => ({}), olderThan }] },
      }),
    /** The owners, read by the tests that check every table of a partner's rows is covered. */
    ownersList: owners.list,
  }
}

/** Sandbox control API: POST /sandbox/reset, the caller partner's data back to the seeds. */
export const housekeepingRouter = (reset: SandboxResetService) => createRouter().openapi(routes.reset, housekeepingHandlers(reset).reset)
