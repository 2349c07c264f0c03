import type { AppDeps } from '../../../composition-root.ts'
import { ApiError } from '../../../http/api-error.ts'
import type { AuthContext } from '../../auth/token.service.ts'
import { assertEditable, ownedProcess } from '../process-access.ts'
import { propertyValues, reevaluateProcess } from '../process-evaluation.ts'
import { zodProblems } from '../zod-problems.ts'
import { missing } from '../../../http/problems.ts'
import type { LoanSimulator } from '../../simulations/simulation-input.schemas.ts'
import { simulationRuleProblems } from '../../simulations/simulation-rules.ts'
import { mergeSimulationPatch } from '../../simulations/simulation-validation.ts'
import type { PropertyRecord } from './property.repository.ts'
import { PropertyUpdateRequestSchema, type PropertyData } from './property.schemas.ts'
import { propertyRuleProblems } from './property-rules.ts'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const propertyNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'propertyUniqueId',
    params: { resource: 'property', id },
    message: { 'pt-PT': `Imóvel não encontrado: ${id}.`, en: `Property not found: ${id}.` },
  })

/** Property List: the one property of the broker's process. @throws ApiError 404. */
export function listProperties(deps: AppDeps, auth: AuthContext, processUniqueId: string): PropertyRecord[] {
  const property = deps.processes.properties.ofProcess(ownedProcess(deps, auth, processUniqueId).processUniqueId)
  return property ? [property] : []
}

/**
 * Property Update: merged into the stored property (JSON Merge Patch), checked against the reference
 * hierarchy and the values the loan purpose needs (the simulation input's rules), then the loan is
 * evaluated again. Draft only. @throws ApiError 404, 400.
 */
export function updateProperty(deps: AppDeps, auth: AuthContext, processUniqueId: string, propertyUniqueId: string, patch: unknown): void {
  const process = ownedProcess(deps, auth, processUniqueId)
  const current = deps.processes.properties.ofProcess(process.processUniqueId)
  if (!current || current.propertyUniqueId !== propertyUniqueId) throw propertyNotFound(propertyUniqueId)
  assertEditable(deps, process)
  if (!isObject(patch)) throw ApiError.validation([missing('body')])
  const merged = (mergeSimulationPatch({ property: current.data } as never, { property: patch }) as { property: Record<string, unknown> }).property
  const today = deps.clock.now().toISOString().slice(0, 10)
  const parsed = PropertyUpdateRequestSchema.safeParse(merged)
  const loan = JSON.parse(process.loan) as LoanSimulator
  const valueProblems = simulationRuleProblems({ loanSimulator: loan, propertySimulator: propertyValues(merged as PropertyData) }, { taxonomy: deps.taxonomy, today })
    .filter((p) => p.field.startsWith('propertySimulator.'))
    .map((p) => ({ ...p, field: p.field.slice('propertySimulator.'.length) }))
  const problems = [...(parsed.success ? [] : zodProblems(parsed.error, merged)), ...propertyRuleProblems(merged, deps.taxonomy, today), ...valueProblems]
  if (!parsed.success || problems.length > 0) throw ApiError.validation(problems)
  const now = deps.clock.now()
  deps.db.transaction(() => {
    deps.processes.properties.update({ ...current, data: parsed.data as PropertyData, updatedAt: now.getTime(), updatedByUserId: auth.userId })
    reevaluateProcess(deps, process, now)
  })()
}
