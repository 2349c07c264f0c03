import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { createRouter } from '../../http/create-router.ts'
import type { Logger } from '../../logger.ts'
import { operatorAuth } from '../partners/index.ts'
import { auditHandlers } from './audit.handlers.ts'
import { createAuditRepository } from './audit.repository.ts'
import * as routes from './audit.routes.ts'
import { createAuditService, type AuditService } from './audit.service.ts'

export { auditTrail, auditedRoutes, type AuditTrailOptions } from './audit-middleware.ts'
export type { AuditService } from './audit.service.ts'

/** The audit trail of the operator's and the partner administrators' actions (docs/design.md "Audit trail"). */
export function createAudit(deps: { db: Db; writes: Transactions; clock: Clock; logger: Logger }): AuditService {
  return createAuditService({ ...deps, repository: createAuditRepository(deps.db) })
}

/** GET /sandbox/account/audit (a partner's administrators) and GET /sandbox/operator/audit (the operator token). */
export function auditRouter(audit: Pick<AuditService, 'list'>, operatorToken: string | undefined) {
  const handlers = auditHandlers(audit)
  const router = createRouter()
  router.use('/sandbox/operator/audit', operatorAuth(operatorToken))
  return router.openapi(routes.account, handlers.account).openapi(routes.operator, handlers.operator)
}
