import { seqCursor } from '../../../common/pagination.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import type { StoredAuditEntry } from './audit.repository.ts'
import type * as routes from './audit.routes.ts'
import type { AuditService } from './audit.service.ts'

const shown = ({ seq, actor, ...entry }: StoredAuditEntry) => ({
  entryId: seqCursor(seq),
  ...entry,
  actor: actor.kind === 'operator' ? { kind: actor.kind, userId: null, username: null } : { kind: actor.kind, userId: actor.userId, username: actor.username },
})

const page = (result: ReturnType<AuditService['list']>) => ({ totalRecords: result.totalRecords, hasMoreResults: result.hasMoreResults, auditList: result.entries.map(shown) })

export const auditHandlers = (audit: Pick<AuditService, 'list'>) => ({
  account: ((c) => {
    const { actor, action, from, to, ...paging } = c.req.valid('query')
    // The partner's own record: its users' actions on it, not the operator's.
    const filter = { partnerUniqueID: c.get('auth').partnerUniqueID, usersOnly: true, actor, action, from, to }
    return c.json(page(audit.list(filter, paging)), 200)
  }) satisfies AppRouteHandler<typeof routes.account>,
  operator: ((c) => {
    const { partner, actor, action, from, to, ...paging } = c.req.valid('query')
    return c.json(page(audit.list({ partnerUniqueID: partner, actor, action, from, to }, paging)), 200)
  }) satisfies AppRouteHandler<typeof routes.operator>,
})
