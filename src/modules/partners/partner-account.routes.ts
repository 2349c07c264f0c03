import { createRoute, z } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, errorResponses, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import {
  AccountLanguageSchema,
  AccountSchema,
  BrokerCreateRequestSchema,
  BrokerSchema,
  CredentialsSchema,
  PasswordResetSchema,
  SignupRequestSchema,
  UserAdminRequestSchema,
  UserAdminSchema,
  UserCreateRequestSchema,
  UserCredentialsSchema,
  UserParamsSchema,
} from './partners.schemas.ts'

const tags = ['Sandbox']
const json = <T extends z.ZodType>(schema: T, example?: unknown) => ({
  required: true,
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
})
const ADMIN = "Sandbox API (not part of the bank's API), for an administrator of the caller's partner (403 otherwise)."

export const signup = createRoute({
  method: 'post',
  path: '/sandbox/signup',
  tags,
  summary: 'Sign up a partner',
  operationId: 'sandboxSignup',
  description:
    "Creates a partner with its first broker and an administrator user, and answers the user's login once: `username` and a generated `password` (the sandbox keeps only its hash). Log in with POST /v1/authentication like any user. A welcome e-mail goes to `contactEmail`, without the password: kept in the partner's mailbox. With an SMTP relay, the address gets only a 6-digit code (it becomes a pending address of GET /sandbox/account/mail-recipients) and is relayed to once the code is verified, as any address the partner adds. Open to anyone on a local sandbox; on the hosted sandbox by invitation (`invitationCode`, from the operator) or off (403, 010506). No token.",
  security: [],
  request: { body: json(SignupRequestSchema, { partnerName: 'Casa Nova Crédito, Lda.', contactEmail: 'dev@casanova.example' }) },
  responses: { 201: jsonContent(CredentialsSchema, 'The partner, its broker and the first user with its password'), ...errorResponses(400, 403, 413, 415, 429) },
})

export const account = createRoute({
  method: 'get',
  path: '/sandbox/account',
  tags,
  summary: "The caller's partner account",
  operationId: 'sandboxAccountGet',
  description:
    "Sandbox API: the caller's partner, its brokers and their users, its quotas with what it uses of them (storageBytes: every stored byte, documents, e-mails, messages and the request journal, whose ring bound is kept room inside it), its request rate limit and how long the sandbox keeps its data. An administrator of the partner sees every broker with its users and the contact address; any other user only its own broker and that broker's users (their e-mails included), and `contactEmail` null.",
  security: bearerSecurity,
  responses: { 200: jsonContent(AccountSchema, 'The account'), ...authedErrors() },
})

export const addBroker = createRoute({
  method: 'post',
  path: '/sandbox/account/brokers',
  tags,
  summary: 'Add a broker to the partner',
  operationId: 'sandboxAccountBrokerCreate',
  description: `${ADMIN} A broker network has several brokers under one partner: each sees only its own simulations and processes; the partner's callbacks serve them all.`,
  security: bearerSecurity,
  request: { body: json(BrokerCreateRequestSchema, { name: 'Casa Nova Porto' }) },
  responses: { 201: jsonContent(BrokerSchema, 'The new broker'), ...authedErrors(400, 403, 413, 415) },
})

export const addUser = createRoute({
  method: 'post',
  path: '/sandbox/account/users',
  tags,
  summary: 'Add a user to a broker of the partner',
  operationId: 'sandboxAccountUserCreate',
  description: `${ADMIN} Answers the user's login once: username and a generated password.`,
  security: bearerSecurity,
  request: { body: json(UserCreateRequestSchema, { brokerId: 1001, name: 'Marta Lopes', email: 'marta.lopes@casanova.example' }) },
  responses: { 201: jsonContent(UserCredentialsSchema, 'The new user and its password'), ...authedErrors(400, 403, 404, 413, 415) },
})

export const resetPassword = createRoute({
  method: 'post',
  path: '/sandbox/account/users/{userId}/password',
  tags,
  summary: "Reset a user's password",
  operationId: 'sandboxAccountUserPasswordReset',
  description: `${ADMIN} A new generated password, answered once; every token the user holds stops working at once.`,
  security: bearerSecurity,
  request: { params: UserParamsSchema },
  responses: { 200: jsonContent(PasswordResetSchema, 'The new password'), ...authedErrors(400, 403, 404) },
})

export const revokeTokens = createRoute({
  method: 'post',
  path: '/sandbox/account/users/{userId}/revoke-tokens',
  tags,
  summary: 'Revoke every token of a user',
  operationId: 'sandboxAccountUserTokensRevoke',
  description: `${ADMIN} Every token the user holds stops working at once (401); logging in again gives new ones.`,
  security: bearerSecurity,
  request: { params: UserParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Revoked'), ...authedErrors(400, 403, 404) },
})

export const deactivateUser = createRoute({
  method: 'delete',
  path: '/sandbox/account/users/{userId}',
  tags,
  summary: 'Deactivate a user',
  operationId: 'sandboxAccountUserDeactivate',
  description: `${ADMIN} The user can no longer log in and its tokens stop working; what it made stays. An administrator cannot deactivate itself.`,
  security: bearerSecurity,
  request: { params: UserParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Deactivated'), ...authedErrors(400, 403, 404) },
})

export const setAdmin = createRoute({
  method: 'put',
  path: '/sandbox/account/users/{userId}/admin',
  tags,
  summary: 'Make a user an administrator of the partner, or no longer one',
  operationId: 'sandboxAccountUserAdminSet',
  description: `${ADMIN} Administrators make the partner-wide changes (callbacks, reset, clock, certification, the account). The change counts from the user's next request: its tokens stay valid, the role is read from the user, not from the token. An administrator cannot remove its own role, so a partner always keeps one.`,
  security: bearerSecurity,
  request: { params: UserParamsSchema, body: json(UserAdminRequestSchema, { admin: true }) },
  responses: { 200: jsonContent(UserAdminSchema, 'The user and its role'), ...authedErrors(400, 403, 404, 413, 415) },
})

export const setLanguage = createRoute({
  method: 'put',
  path: '/sandbox/account/language',
  tags,
  summary: "Set the language of the partner's notifications",
  operationId: 'sandboxAccountLanguageSet',
  description: `${ADMIN} Every text of the partner's notifications from then on (status descriptions, document types, reject reasons, the bank's messages of scenarios) is written in it, whatever language a request asked; pt-PT until set. Notifications already written keep theirs.`,
  security: bearerSecurity,
  request: { body: json(AccountLanguageSchema, { language: 'en' }) },
  responses: { 200: jsonContent(AccountLanguageSchema, 'The language now set'), ...authedErrors(400, 403, 413, 415) },
})
