import type { AppRouteHandler as Handler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import type * as accountRoutes from './partner-account.routes.ts'
import type { AccountService } from './account.service.ts'
import type * as operatorRoutes from './partner-operator.routes.ts'
import type { PartnerService } from './partners.service.ts'

const partnerView = ({ partnerUniqueID, name, contactEmail, origin, status, statusReason, createdAt }: ReturnType<PartnerService['resume']>) => ({
  partnerUniqueID,
  name,
  contactEmail,
  origin,
  status,
  statusReason,
  createdAt,
})

export const accountHandlers = (partners: PartnerService, account: AccountService) => ({
  signup: (async (c) => c.json(await partners.signup(c.req.valid('json'), c.get('lang')), 201)) satisfies Handler<typeof accountRoutes.signup>,
  account: ((c) => c.json(account.view(c.get('auth')), 200)) satisfies Handler<typeof accountRoutes.account>,
  setLanguage: ((c) => c.json(account.setLanguage(c.get('auth'), c.req.valid('json').language), 200)) satisfies Handler<typeof accountRoutes.setLanguage>,
  addBroker: ((c) => c.json(account.addBroker(c.get('auth'), c.req.valid('json')), 201)) satisfies Handler<typeof accountRoutes.addBroker>,
  addUser: (async (c) => c.json(await account.addUser(c.get('auth'), c.req.valid('json')), 201)) satisfies Handler<typeof accountRoutes.addUser>,
  resetPassword: (async (c) => c.json(await account.resetPassword(c.get('auth'), c.req.valid('param').userId), 200)) satisfies Handler<typeof accountRoutes.resetPassword>,
  revokeTokens: ((c) => {
    account.revokeTokens(c.get('auth'), c.req.valid('param').userId)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies Handler<typeof accountRoutes.revokeTokens>,
  deactivateUser: ((c) => {
    account.deactivate(c.get('auth'), c.req.valid('param').userId)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies Handler<typeof accountRoutes.deactivateUser>,
  setAdmin: ((c) => c.json(account.setAdmin(c.get('auth'), c.req.valid('param').userId, c.req.valid('json').admin), 200)) satisfies Handler<typeof accountRoutes.setAdmin>,
})

export const operatorHandlers = (partners: PartnerService) => ({
  list: ((c) => c.json({ partnerList: partners.list() }, 200)) satisfies Handler<typeof operatorRoutes.list>,
  create: (async (c) => c.json(await partners.create(c.req.valid('json'), c.get('lang')), 201)) satisfies Handler<typeof operatorRoutes.create>,
  suspend: (async (c) => {
    const body = c.req.header('content-type') ? c.req.valid('json') : {}
    return c.json(partnerView(partners.suspend(c.req.valid('param').partnerUniqueID, body.reason ?? null)), 200)
  }) satisfies Handler<typeof operatorRoutes.suspend>,
  resume: ((c) => c.json(partnerView(partners.resume(c.req.valid('param').partnerUniqueID)), 200)) satisfies Handler<typeof operatorRoutes.resume>,
  remove: ((c) => {
    const { partnerUniqueID } = c.req.valid('param')
    return c.json({ partnerUniqueID, deleted: partners.delete(partnerUniqueID) }, 200)
  }) satisfies Handler<typeof operatorRoutes.remove>,
  invite: ((c) => {
    const body = c.req.header('content-type') ? c.req.valid('json') : { expiresInDays: 14 }
    return c.json(partners.invite(body.note ?? null, body.expiresInDays), 201)
  }) satisfies Handler<typeof operatorRoutes.invite>,
  invitations: ((c) => c.json({ invitationList: partners.invitations() }, 200)) satisfies Handler<typeof operatorRoutes.invitations>,
})
