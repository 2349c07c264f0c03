import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import type * as routes from './mailbox.routes.ts'
import type { MailboxService } from './mailbox.service.ts'

export const mailboxHandlers = (mailbox: MailboxService) => ({
  list: ((c) => c.json(mailbox.list(brokerScopeOf(c.get('auth')), c.req.valid('query')), 200)) satisfies AppRouteHandler<typeof routes.list>,

  attachment: ((c) => {
    const found = mailbox.attachment(brokerScopeOf(c.get('auth')), c.req.valid('param').messageId, c.req.valid('query').position)
    return c.body(new Uint8Array(found.content), 200, {
      'Content-Type': found.contentType,
      'Content-Disposition': `attachment; filename="${found.filename.replace(/"/g, '')}"`,
    })
  }) satisfies AppRouteHandler<typeof routes.attachment>,
})
