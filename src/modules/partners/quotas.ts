import type { Config } from '../../config.ts'
import { ApiError } from '../../http/api-error.ts'
import type { PartnerRepository, PartnerUsage } from './partners.repository.ts'

export type QuotaKind = keyof PartnerUsage

const NAMES: Record<QuotaKind, string> = {
  simulations: 'simulations',
  processes: 'processes',
  documentBytes: 'documentBytes',
  callbackConfigurations: 'callbackConfigurations',
}

/**
 * A partner's stored-data quotas (docs/design.md "Partners"): what it stores is counted by triggers
 * (migration 009), so a check reads one row. A full quota answers 409 (010605) naming it.
 */
export function createQuotas(deps: { repo: Pick<PartnerRepository, 'usage'>; limits: Config['quotas'] }) {
  const { limits } = deps
  return {
    limits,
    /** @throws ApiError 409 (010605) when storing `adding` more would pass the partner's quota. */
    assertRoom(partnerUniqueID: string, kind: QuotaKind, adding = 1): void {
      const limit = limits[kind]
      if (limit === null) return
      const used = deps.repo.usage(partnerUniqueID)[kind]
      if (used + adding <= limit) return
      throw new ApiError('QUOTA_EXCEEDED', { field: NAMES[kind], params: { quota: NAMES[kind], limit } })
    },
    /** Each quota with its limit (null: none) and what the partner uses of it. */
    of(partnerUniqueID: string) {
      const usage = deps.repo.usage(partnerUniqueID)
      return Object.fromEntries((Object.keys(NAMES) as QuotaKind[]).map((kind) => [kind, { limit: limits[kind], used: usage[kind] }])) as Record<
        QuotaKind,
        { limit: number | null; used: number }
      >
    },
  }
}

export type Quotas = ReturnType<typeof createQuotas>
