import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../../../platform/config.ts'
import { allRules, honoPathOf } from '../../../http/access/access-rules.ts'
import type { AppEnv } from '../../../http/router/app-env.ts'
import { jsonBody } from '../../../http/body/json-body.ts'
import { clientAddress } from '../../../http/node-adapter/index.ts'
import { auditSummary } from './audit-summary.ts'
import type { AuditService } from './audit.service.ts'

export interface AuditTrailOptions {
  operatorToken: string | undefined
  trustProxy: TrustProxy
  /** The username of a user, read when the action is recorded (kept in the entry past the user's deletion). */
  usernameOf(userId: number): string | undefined
}

/** The audited routes: every route the access rules declare `admin` or `operator` that changes something (not GET). */
export const auditedRoutes = () =>
  allRules()
    .filter(({ key, access }) => (access === 'admin' || access === 'operator') && !key.startsWith('GET '))
    .map(({ key }) => {
      const [method, path] = key.split(' ') as [string, string]
      return { key, method, path: honoPathOf(path) }
    })

const digest = (value: string) => createHash('sha256').update(value).digest()

async function requestFields(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? ''
  if (type.startsWith('application/x-www-form-urlencoded')) return await c.req.parseBody()
  if (type.includes('json')) return await jsonBody(c)
  return undefined
}

/**
 * One middleware per audited route (docs/design.md "Audit trail"), put before the route's own doors
 * so that it sees every outcome: after the answer, the action is recorded once with its caller, if
 * the caller was identified (a user's token or session, or the operator token). An anonymous
 * refusal is not an action of anyone and is not kept: the trail cannot be flooded from outside.
 * The body is read for the summary only when the route accepted it (a refused body may be unread).
 */
export function auditTrail(audit: Pick<AuditService, 'record'>, options: AuditTrailOptions) {
  const operator = options.operatorToken === undefined ? undefined : digest(options.operatorToken)
  const isOperator = (c: Context) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
    return operator !== undefined && match !== null && timingSafeEqual(digest(match[1]!), operator)
  }

  return auditedRoutes().map(({ key, method, path }) => {
    const byOperator = key.includes(' /sandbox/operator/')
    const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
      await next()
      const auth = byOperator ? undefined : (c.get('auth') as AppEnv['Variables']['auth'] | undefined)
      if (byOperator ? !isOperator(c) : !auth) return
      const status = c.res.status
      const target = c.req.param() as Record<string, string>
      let summary = ''
      let partnerUniqueID = auth ? auth.partnerUniqueID : (target.partnerUniqueID ?? null)
      if (status < 400) {
        summary = auditSummary(key, await requestFields(c).catch(() => undefined))
        // A partner the operator created is named by its answer, read for that id alone (it carries the first password).
        if (byOperator && partnerUniqueID === null && key === 'POST /sandbox/operator/partners') {
          partnerUniqueID =
            (
              (await c.res
                .clone()
                .json()
                .catch(() => ({}))) as { partnerUniqueID?: string }
            ).partnerUniqueID ?? null
        }
      }
      audit.record({
        actor: auth ? { kind: 'user', userId: auth.userId, username: options.usernameOf(auth.userId) ?? null } : { kind: 'operator' },
        partnerUniqueID,
        action: key,
        target,
        summary,
        status,
        clientAddress: clientAddress(c, options.trustProxy),
        requestId: c.get('requestId'),
      })
    }
    return { method, path, middleware }
  })
}
