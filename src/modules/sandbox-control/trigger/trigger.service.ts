import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { text } from '../../../common/problems.ts'
import { brokerScopeOf } from '../../../db/broker-scope.ts'
import type { NotificationCode } from '../../callbacks/index.ts'
import { RECIPES, type Recipe, type TriggerContext, type TriggerDeps, type TriggerRecord } from './trigger-recipes.ts'

export type { TriggerDeps } from './trigger-recipes.ts'

export interface TriggerRequest {
  /** A code of notification-types (PROCESS_DECISION) or its id. */
  notificationType: string | number
  simulationUniqueId?: string | undefined
  processUniqueId?: string | undefined
}

export interface TriggerResult {
  notificationId: string
  notificationTypeId: number
  notificationType: string
  processUniqueId?: string
  simulationUniqueId?: string
  /** What was created on the way, oldest first. */
  created: Array<{ kind: 'simulation' | 'process' | 'document'; uniqueId: string }>
  /** Where it goes: the registered address (or why none), and the listeners connected now that take it. */
  delivery: { status: string; statusReason: string | null; callbackUrl: string | null; listeners: number }
}

const UNKNOWN_TYPE = text('Tipo de notificação desconhecido: {value}. Tipos conhecidos: {known}.', 'Unknown notification type: {value}. Known types: {known}.')
const WRONG_RECORD = text(
  'A notificação {type} não se faz a partir de {field}: indique {takes}, ou nenhum para o sandbox o criar.',
  'Notification {type} is not made from {field}: give {takes}, or none and the sandbox creates it.',
)

/**
 * `trigger` (POST /sandbox/trigger, `mortgage-sandbox trigger`, the console, and the notifications of
 * message pacts): one real notification of a type, made by the bank's side of the record named or of
 * records created for it through the API's own services (they count against the partner's quotas), and
 * published through the callbacks' outbox: delivered to the registered address and to `listen`.
 */
export function createTrigger(deps: TriggerDeps) {
  const known = () => deps.notifications.types.map((t) => `${t.code} (${t.id})`).join(', ')

  /** @throws ApiError 400 (field notificationType) naming the known types. */
  function typeOf(name: string | number) {
    const type = deps.notifications.named(name)
    if (!type) throw new ApiError('INVALID_VALUE', { field: 'notificationType', params: { value: String(name), known: known() }, message: UNKNOWN_TYPE })
    return type
  }

  /** The record named, checked against what the type's recipe takes. @throws ApiError 400 */
  function recordOf(code: string, recipe: Recipe, request: TriggerRequest): TriggerRecord | undefined {
    if (request.processUniqueId && request.simulationUniqueId) {
      throw new ApiError('INVALID_COMBINATION', { field: 'simulationUniqueId', params: { detail: 'give processUniqueId or simulationUniqueId, not both' } })
    }
    const record: TriggerRecord | undefined = request.processUniqueId
      ? { kind: 'process', uniqueId: request.processUniqueId }
      : request.simulationUniqueId
        ? { kind: 'simulation', uniqueId: request.simulationUniqueId }
        : undefined
    if (record && !recipe.takes.includes(record.kind)) {
      const takes = recipe.takes.map((kind) => `${kind}UniqueId`).join(' / ')
      throw new ApiError('FIELD_NOT_ALLOWED', { field: `${record.kind}UniqueId`, params: { type: code, takes }, message: WRONG_RECORD })
    }
    return record
  }

  return {
    /** Each type with what `trigger` does to make it (the command's help, the console). */
    recipes: () =>
      deps.notifications.types.map((t) => {
        const recipe: Recipe = RECIPES[t.code]
        return { id: t.id, code: t.code, takes: recipe.takes, does: recipe.does }
      }),

    /** @throws ApiError 400 (type, record), 404 (a record not of the caller's broker), 409 (a quota of what it creates). */
    async trigger(auth: AuthContext, request: TriggerRequest): Promise<TriggerResult> {
      const type = typeOf(request.notificationType)
      const recipe: Recipe = RECIPES[type.code as NotificationCode]
      const record = recordOf(type.code, recipe, request)
      const ctx: TriggerContext = { deps, actor: auth, lang: deps.languageOf(auth.partnerUniqueID), created: [] }
      const change = await recipe.make(ctx, record)
      const { published } = deps.writes.transaction(() => deps.notifications.watch(change))()
      const made = published.filter((n) => n.notificationTypeId === type.id).at(-1)
      if (!made) throw new Error(`the recipe of ${type.code} published no notification of its type`)
      const entry = deps.callbacks.delivery(brokerScopeOf(auth), made.notificationId)
      const configuration = deps.callbacks.configuration(auth.partnerUniqueID, type.id)
      const about = entry.notification.processUniqueId ? { processUniqueId: entry.notification.processUniqueId } : { simulationUniqueId: entry.notification.simulationUniqueId! }
      return {
        notificationId: made.notificationId,
        notificationTypeId: type.id,
        notificationType: type.code,
        ...about,
        created: ctx.created,
        delivery: {
          status: entry.status,
          statusReason: entry.statusReason ?? null,
          callbackUrl: configuration?.status === 'active' ? configuration.callbackUrl : null,
          listeners: deps.listeners(auth.partnerUniqueID, auth.brokerId, type.id),
        },
      }
    },
  }
}

export type TriggerService = ReturnType<typeof createTrigger>
