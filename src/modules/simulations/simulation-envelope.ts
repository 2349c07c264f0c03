import type { Context } from 'hono'
import type { AppEnv } from '../../http/app-env.ts'
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../http/error-catalogue.ts'
import type { Lang } from '../../http/language.ts'
import { validationHook } from '../../http/validation-hook.ts'

/** The operation status envelope of a successful mutating operation. */
export const operationStatus = (lang: Lang) => ({
  operationStatusCode: SUCCESS_CODE,
  operationStatusMessage: SUCCESS_MESSAGE[lang],
})

type Respond = (c: Context<AppEnv>, raw: unknown) => Response | Promise<Response>

/**
 * A route hook for bodies the service validates itself (simulation input): when the route's schema
 * refuses the JSON body, the raw body goes to the same code as a valid one, so the answer lists every
 * problem (types and rules alike) exactly as the service finds them. Other parts (path, query) keep
 * the app's validation hook.
 */
export function serviceValidatedBody(respond: Respond) {
  return ((result: { success: boolean; target: string; data: unknown }, c: Context<AppEnv>) => {
    if (!result.success && result.target === 'json') return respond(c, result.data)
    return (validationHook as unknown as (r: unknown, c: Context<AppEnv>) => void)(result, c)
  }) as never
}
