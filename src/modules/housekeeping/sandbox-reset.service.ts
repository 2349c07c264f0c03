import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { PartnerDataOwners } from './partner-data.ts'

/**
 * Sandbox reset: everything a partner made, for every broker of the partner, deleted in one
 * transaction by the modules that own it, in the owners' order (the foreign keys'). Identities,
 * reference lists and every other partner's data stay. Numbers (simulationNumber, processNumber)
 * are not reused.
 */
export function createSandboxResetService(deps: { writes: Transactions; logger: Logger; owners: Pick<PartnerDataOwners, 'list'> }) {
  const reset = deps.writes.transaction((partnerUniqueID: string) => {
    const deleted: Record<string, number> = {}
    for (const owner of deps.owners.list()) Object.assign(deleted, owner.deleteOfPartner(partnerUniqueID))
    return deleted
  })
  return {
    reset(partnerUniqueID: string): Record<string, number> {
      const deleted = reset(partnerUniqueID)
      deps.logger.info('sandbox reset', { partnerUniqueID, ...deleted })
      return deleted
    },
  }
}

export type SandboxResetService = ReturnType<typeof createSandboxResetService>
