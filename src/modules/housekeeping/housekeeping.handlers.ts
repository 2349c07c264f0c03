import type { z } from '@hono/zod-openapi'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import type { ResetResultSchema } from './housekeeping.schemas.ts'
import type * as routes from './housekeeping.routes.ts'
import type { SandboxResetService } from './sandbox-reset.service.ts'

type ResetCounts = z.infer<typeof ResetResultSchema>['additionalData']['deleted']

export const housekeepingHandlers = (reset: SandboxResetService) => ({
  reset: ((c) => {
    const partnerUniqueID = c.get('auth').partnerUniqueID
    // The owners' counts are the schema's names (the reset test reads every one of them).
    const deleted = reset.reset(partnerUniqueID) as ResetCounts
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { partnerUniqueID, deleted } }, 200)
  }) satisfies AppRouteHandler<typeof routes.reset>,
})
