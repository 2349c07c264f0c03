import type { MiddlewareHandler } from 'hono'
import type { Clock } from '../../platform/clock.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import type { Config, TrustProxy } from '../../platform/config.ts'
import type { Db } from '../../db/connection.ts'
import type { SecretBox } from '../../db/secret-box.ts'
import type { Metrics } from '../../common/metrics.ts'
import type { AccessChange } from '../../common/access-change.ts'
import { wayIn, type WayIn } from '../../common/way-in.ts'
import { onRollback } from '../../db/rollbacks.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { MailboxService, MailRecipientService } from '../mailbox/index.ts'
import { authHandlers } from './auth/auth.handlers.ts'
import * as authRoutes from './auth/auth.routes.ts'
import { createAuthService, type AuthService } from './auth/auth.service.ts'
import { createLoginLimits } from './auth/login-limits.ts'
import { createLoginThrottle } from './auth/login-throttle.ts'
import { createTokenService } from './auth/token.service.ts'
import * as accountRoutes from './partner-account.routes.ts'
import { createAccountService, type AccountService } from './account.service.ts'
import { readIdentitiesSeed } from './identities.seed.ts'
import { createInvitationRepository } from './invitations.repository.ts'
import { createLiveUsers } from './live-users.ts'
import * as operatorRoutes from './partner-operator.routes.ts'
import { accountHandlers, operatorHandlers } from './partners.handlers.ts'
import { createPartnerRepository, upsertIdentities } from './partners.repository.ts'
import { createPasswordHashing, hashPasswordSync, SEED_PASSWORD_COST, type PasswordVerifier } from './password.ts'
import { createPartnerService, type PartnerService } from './partners.service.ts'
import { createHashQueue } from './hash-queue.ts'
import { createQuotas } from './quotas.ts'
import { createRouter } from '../../http/router/create-router.ts'
import { createTokenBuckets } from '../../http/fair-share/token-buckets.ts'

export type { PartnerService } from './partners.service.ts'
export type { AuthService } from './auth/auth.service.ts'
export type { UserIdentity } from './user-identity.ts'
export type { PasswordVerifier } from './password.ts'
export { identitiesSeedFile } from './identities.seed.ts'
export { operatorAuth } from './operator-auth-middleware.ts'

interface PartnersDeps {
  db: Db
  writes: Transactions
  clock: Clock
  logger: Logger
  config: Pick<Config, 'signup' | 'demoIdentities' | 'quotas' | 'retentionDays' | 'rateLimit' | 'mode' | 'journal' | 'passwordCost' | 'jwtSecret' | 'tokenTtlSeconds' | 'logins'>
  /** Seals the tokens' signing secret in the database. */
  secrets: SecretBox
  metrics?: Pick<Metrics, 'loginRefused'> | undefined
  mailbox: Pick<MailboxService, 'send'> & { recipients: Pick<MailRecipientService, 'enrolContact'> }
  /** Deletes everything a partner made (the sandbox reset). */
  eraseData(partnerUniqueID: string): Record<string, number>
  /** The password check (scrypt by default); a test may count its calls. */
  verifyPassword?: PasswordVerifier | undefined
  /**
   * Told of every change that takes users' rights away at once (a demotion, a revocation, a new
   * password, a deactivation, a suspended or deleted partner), so what holds a connection open for a
   * user (a listen stream) ends on it.
   */
  accessChanged?: ((change: AccessChange) => void) | undefined
}

/** The partners of the sandbox, their accounts, quotas, the live state of their users and their logins and tokens. */
export function createPartners(deps: PartnersDeps) {
  const repo = createPartnerRepository(deps.db)
  const liveUsers = createLiveUsers(repo)
  // A failed commit undoes a suspension, a revocation or a deactivation the cache may already hold.
  onRollback(deps.db, liveUsers.forgetAll)
  const quotas = createQuotas({ repo, limits: deps.config.quotas, journalBytes: deps.config.journal.maxBytes })
  // Every hash of the sandbox (logins, sign-ups, new passwords) takes its turn in one queue.
  const { hashes, queuePerPartner, queue } = deps.config.logins
  const passwords = createPasswordHashing(deps.config.passwordCost, createHashQueue({ slots: hashes, perKey: queuePerPartner, total: queue }))
  const partners = createPartnerService({ ...deps, repo, invitations: createInvitationRepository(deps.db), liveUsers, passwords })
  const account = createAccountService({ ...deps, repo, liveUsers, quotas, passwords })
  return {
    ...partners,
    account,
    quotas,
    /** Logins and tokens: how the partners' users prove who they are. */
    auth: createAuth({ ...deps, partners }),
    /** The partner's contact address (of its sign-up), or null (the demo partners, fixtures). */
    contactEmailOf: (partnerUniqueID: string): string | null => repo.partner(partnerUniqueID)?.contactEmail ?? null,
  }
}

/**
 * Inserts or refreshes the seeded branches, partners, brokers and users, in the caller's transaction.
 * Their passwords are public: hashed cheaply, and upgraded at each user's first login.
 */
export function seedIdentities(db: Db, seedsDir: string, now: string): void {
  upsertIdentities(db, readIdentitiesSeed(seedsDir), (password) => hashPasswordSync(password, SEED_PASSWORD_COST), now)
}

/** Logins and tokens, on the partners' identities. */
function createAuth(
  deps: Pick<PartnersDeps, 'db' | 'config' | 'clock' | 'secrets' | 'metrics'> & { partners: Pick<PartnerService, 'verifyCredentials' | 'liveUser'> },
): AuthService {
  // The successful logins' buckets run on the machine's clock (a test moves it).
  const now = () => deps.clock.now().getTime()
  const bucketsOf = ({ burst, perMinute }: { burst: number; perMinute: number }) => createTokenBuckets({ burst, perSecond: perMinute / 60, now })
  return createAuthService({
    partners: deps.partners,
    tokens: createTokenService(deps.db, deps.config, deps.clock, deps.secrets),
    throttle: createLoginThrottle({ clock: deps.clock }),
    limits: createLoginLimits({ users: bucketsOf(deps.config.logins.perUser), addresses: bucketsOf(deps.config.logins.perAddress), tokenTtlSeconds: deps.config.tokenTtlSeconds }),
    wayIn: wayIn(deps.config),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  })
}

/**
 * Authenticate: POST /v1/authentication (the client address from X-Forwarded-For only behind a trusted
 * proxy), documented with the sandbox's way in.
 */
export const authRouter = (auth: AuthService, options: { trustProxy: TrustProxy; wayIn: WayIn }) =>
  createRouter().openapi(authRoutes.authenticate(options.wayIn), authHandlers(auth, options).authenticate)

/** Sign-up (public) and the partner's account (its own token). */
export function accountRouter(partners: PartnerService, account: AccountService) {
  const handlers = accountHandlers(partners, account)
  return createRouter()
    .openapi(accountRoutes.signup, handlers.signup)
    .openapi(accountRoutes.account, handlers.account)
    .openapi(accountRoutes.setLanguage, handlers.setLanguage)
    .openapi(accountRoutes.addBroker, handlers.addBroker)
    .openapi(accountRoutes.addUser, handlers.addUser)
    .openapi(accountRoutes.resetPassword, handlers.resetPassword)
    .openapi(accountRoutes.revokeTokens, handlers.revokeTokens)
    .openapi(accountRoutes.deactivateUser, handlers.deactivateUser)
    .openapi(accountRoutes.setAdmin, handlers.setAdmin)
}

/** The operator API, behind the operator token's door (`operatorAuth`, built once for the app). */
export function operatorRouter(partners: PartnerService, operatorDoor: MiddlewareHandler<AppEnv>) {
  const handlers = operatorHandlers(partners)
  const router = createRouter()
  router.use('/sandbox/operator/*', operatorDoor)
  router.openAPIRegistry.registerComponent('securitySchemes', 'operatorToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'SANDBOX_OPERATOR_TOKEN of the sandbox',
  })
  return router
    .openapi(operatorRoutes.list, handlers.list)
    .openapi(operatorRoutes.create, handlers.create)
    .openapi(operatorRoutes.suspend, handlers.suspend)
    .openapi(operatorRoutes.resume, handlers.resume)
    .openapi(operatorRoutes.remove, handlers.remove)
    .openapi(operatorRoutes.invite, handlers.invite)
    .openapi(operatorRoutes.invitations, handlers.invitations)
}
