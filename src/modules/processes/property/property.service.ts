import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { mergePatch } from '../../../common/json-merge-patch.ts'
import { missing } from '../../../common/problems.ts'
import { zodProblems } from '../../../common/zod-problems.ts'
import type { LoanService, LoanSimulator } from '../../loan/index.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { ProcessAccess } from '../process-access.ts'
import { propertyValues, reevaluateProcess } from '../process-evaluation.ts'
import type { ProcessRepositories } from '../process-repositories.ts'
import type { ProcessRow } from '../processes.repository.ts'
import type { PropertyRecord } from './property.repository.ts'
import { PropertyUpdateRequestSchema, type PropertyData } from './property.schemas.ts'
import { propertyRuleProblems, withDerivedLocation } from './property-rules.ts'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const propertyNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'propertyUniqueId',
    params: { resource: 'property', id },
    message: { 'pt-PT': `Imóvel não encontrado: ${id}.`, en: `Property not found: ${id}.` },
  })

export interface PropertyServiceDeps {
  repos: ProcessRepositories
  access: ProcessAccess
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
}

/** The property of a process: List and Update. */
export function createPropertyService(deps: PropertyServiceDeps) {
  const { repos, access, taxonomy } = deps

  const store = deps.writes.transaction((process: ProcessRow, record: PropertyRecord, now: Date) => {
    repos.properties.update(record)
    reevaluateProcess(repos, deps.loan, process, now)
  })

  return {
    /** Property List: the one property of the broker's process. @throws ApiError 404. */
    list(auth: AuthContext, processUniqueId: string): PropertyRecord[] {
      const property = repos.properties.ofProcess(access.owned(auth, processUniqueId).processUniqueId)
      return property ? [property] : []
    },

    /**
     * Property Update: merged into the stored property (JSON Merge Patch), checked against the
     * reference hierarchy and the values the loan purpose needs (the simulation input's rules), then
     * the loan is evaluated again. Draft only. @throws ApiError 404, 400.
     */
    update(auth: AuthContext, processUniqueId: string, propertyUniqueId: string, patch: unknown): void {
      const process = access.owned(auth, processUniqueId)
      const current = repos.properties.ofProcess(process.processUniqueId)
      if (!current || current.propertyUniqueId !== propertyUniqueId) throw propertyNotFound(propertyUniqueId)
      access.assertEditable(process)
      if (!isObject(patch)) throw ApiError.validation([missing('body')])
      const merged = mergePatch(current.data, withDerivedLocation(patch, taxonomy)) as Record<string, unknown>
      const today = deps.clock.now(process.partnerUniqueID).toISOString().slice(0, 10)
      const parsed = PropertyUpdateRequestSchema.safeParse(merged)
      const loan = JSON.parse(process.loan) as LoanSimulator
      const valueProblems = deps.loan
        .ruleProblems({ loanSimulator: loan, propertySimulator: propertyValues(merged as PropertyData) }, today)
        .filter((p) => p.field.startsWith('propertySimulator.'))
        .map((p) => ({ ...p, field: p.field.slice('propertySimulator.'.length) }))
      const problems = [...(parsed.success ? [] : zodProblems(parsed.error, merged)), ...propertyRuleProblems(merged, taxonomy, today), ...valueProblems]
      if (!parsed.success || problems.length > 0) throw ApiError.validation(problems)
      const now = deps.clock.now(process.partnerUniqueID)
      store(process, { ...current, data: parsed.data as PropertyData, updatedAt: now.getTime(), updatedByUserId: auth.userId }, now)
    },
  }
}

export type PropertyService = ReturnType<typeof createPropertyService>
