import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import { held } from '../../http/fair-share/fair-share.ts'
import type { MailRecipientService } from './mailbox-recipients.service.ts'
import type * as routes from './mailbox-recipients.routes.ts'

export const mailRecipientsHandlers = (recipients: MailRecipientService) => ({
  list: ((c) => c.json(recipients.list(c.get('auth')), 200)) satisfies AppRouteHandler<typeof routes.list>,
  add: (async (c) => {
    const { created, recipient } = await held(c, recipients.add(c.get('auth'), c.req.valid('json').email, c.get('lang')))
    return created ? c.json(recipient, 201) : c.json(recipient, 200)
  }) satisfies AppRouteHandler<typeof routes.add>,
  verify: ((c) => c.json(recipients.verify(c.get('auth'), c.req.valid('param').recipientId, c.req.valid('json').code), 200)) satisfies AppRouteHandler<typeof routes.verify>,
  remove: ((c) => {
    recipients.remove(c.get('auth'), c.req.valid('param').recipientId)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.remove>,
})
