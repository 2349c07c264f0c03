import type { Db } from '../../db/connection.ts'
import type { SecretBox } from '../../db/secret-box.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { certificationHandlers } from './certification.handlers.ts'
import { createCertificationRepository } from './certification.repository.ts'
import * as routes from './certification.routes.ts'
import { createCertificationService, type CertificationDeps, type CertificationService } from './certification.service.ts'
import { createReportSigner } from './report-signature.ts'
import { createRouter } from '../../http/router/create-router.ts'

export { ALL_CHECKS, presentRun, type CertificationService, type CheckId } from './certification.service.ts'
export { verifyReport, type SignedReport } from './report-signature.ts'

/** Partner certification (docs/design.md "Certification"): runs of receiver and client checks, and their signed reports. */
export function createCertification(deps: Omit<CertificationDeps, 'repository' | 'signer'> & { db: Db; secrets: SecretBox }): CertificationService {
  const { db, secrets, ...rest } = deps
  return createCertificationService({ ...rest, repository: createCertificationRepository(db), signer: createReportSigner(db, secrets) })
}

/** Sandbox control API: /sandbox/certification/runs (start, list, read, report), the partner's window, and the report's signing key. */
export function certificationRouter(certification: Pick<CertificationService, 'start' | 'get' | 'list' | 'report' | 'signingKey' | 'openWindow'>) {
  const handlers = certificationHandlers(certification)
  return createRouter()
    .openapi(routes.signingKey, handlers.signingKey)
    .openapi(routes.start, handlers.start)
    .openapi(routes.list, handlers.list)
    .openapi(routes.get, handlers.get)
    .openapi(routes.report, handlers.report)
    .openapi(routes.openWindow, handlers.openWindow)
}
