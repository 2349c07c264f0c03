import type { AppEnv } from '../../http/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import * as routes from './sandbox-reset.routes.ts'
import type { SandboxResetService } from './sandbox-reset.service.ts'
import { createRouter } from '../../http/create-router.ts'

export { createSandboxResetService as createSandboxReset, type PartnerData, type SandboxResetService } from './sandbox-reset.service.ts'

/** Sandbox control API: POST /sandbox/reset, the caller partner's data back to the seeds. */
export const sandboxResetRouter = (reset: SandboxResetService) =>
  createRouter().openapi(routes.reset, (c) => {
    const partnerUniqueID = c.get('auth').partnerUniqueID
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { partnerUniqueID, deleted: reset.reset(partnerUniqueID) } }, 200)
  })
