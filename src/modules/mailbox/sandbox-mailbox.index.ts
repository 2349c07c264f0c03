import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import * as handlers from './sandbox-mailbox.handlers.ts'
import * as routes from './sandbox-mailbox.routes.ts'

/** Sandbox control API: the captured mailbox (ESIS e-mails) and its attachments. */
export const sandboxMailboxRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.list, handlers.list).openapi(routes.attachment, handlers.attachment)
