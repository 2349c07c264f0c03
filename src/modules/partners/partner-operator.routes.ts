import { createRoute, z } from '@hono/zod-openapi'
import { errorResponses, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import {
  CredentialsSchema,
  InvitationListSchema,
  InvitationRequestSchema,
  InvitationSchema,
  PartnerCreateRequestSchema,
  PartnerDeletedSchema,
  PartnerListSchema,
  PartnerParamsSchema,
  PartnerSummarySchema,
  SuspendRequestSchema,
} from './partners.schemas.ts'

const tags = ['Operator']
export const operatorSecurity = [{ operatorToken: [] }]
const errors = (...statuses: number[]) => errorResponses(401, 403, 429, ...statuses)
const json = <T extends z.ZodType>(schema: T, required = true) => ({ required, content: { 'application/json': { schema } } })
const ABOUT =
  "Operator API (the bank's operator of a hosted sandbox), with `Authorization: Bearer <SANDBOX_OPERATOR_TOKEN>`: 401 (010509) without it or with another, 403 when the sandbox has no operator token; past 30 failed attempts from a client address, one every 10 s, 429 (010510) with `Retry-After`."

export const list = createRoute({
  method: 'get',
  path: '/sandbox/operator/partners',
  tags,
  summary: 'List the partners',
  operationId: 'sandboxOperatorPartnerList',
  description: `${ABOUT} Every partner, oldest first, with its status, users and what it stores.`,
  security: operatorSecurity,
  responses: { 200: jsonContent(PartnerListSchema, 'The partners'), ...errors() },
})

export const create = createRoute({
  method: 'post',
  path: '/sandbox/operator/partners',
  tags,
  summary: 'Create a partner',
  operationId: 'sandboxOperatorPartnerCreate',
  description: `${ABOUT} As a sign-up does (whatever SANDBOX_SIGNUP says): a partner, its first broker and an administrator, whose password is answered once.`,
  security: operatorSecurity,
  request: { body: json(PartnerCreateRequestSchema) },
  responses: { 201: jsonContent(CredentialsSchema, 'The new partner and its first user'), ...errors(400, 413, 415) },
})

export const suspend = createRoute({
  method: 'post',
  path: '/sandbox/operator/partners/{partnerUniqueID}/suspend',
  tags,
  summary: 'Suspend a partner',
  operationId: 'sandboxOperatorPartnerSuspend',
  description: `${ABOUT} Every token of the partner's users stops at once (401, 010508, with the reason); logins are refused. Its data and callbacks stay; background work for it goes on.`,
  security: operatorSecurity,
  request: { params: PartnerParamsSchema, body: json(SuspendRequestSchema, false) },
  responses: { 200: jsonContent(PartnerSummarySchema.omit({ users: true, usage: true }), 'Suspended'), ...errors(400, 404, 415) },
})

export const resume = createRoute({
  method: 'post',
  path: '/sandbox/operator/partners/{partnerUniqueID}/resume',
  tags,
  summary: 'Resume a suspended partner',
  operationId: 'sandboxOperatorPartnerResume',
  description: `${ABOUT} Its users may log in again (tokens issued before the suspension work again while they last).`,
  security: operatorSecurity,
  request: { params: PartnerParamsSchema },
  responses: { 200: jsonContent(PartnerSummarySchema.omit({ users: true, usage: true }), 'Active again'), ...errors(400, 404) },
})

export const remove = createRoute({
  method: 'delete',
  path: '/sandbox/operator/partners/{partnerUniqueID}',
  tags,
  summary: 'Delete a partner and all its data',
  operationId: 'sandboxOperatorPartnerDelete',
  description: `${ABOUT} Everything the partner made (as a sandbox reset) and then the partner, its brokers and users. Cannot be undone.`,
  security: operatorSecurity,
  request: { params: PartnerParamsSchema },
  responses: { 200: jsonContent(PartnerDeletedSchema, 'Deleted'), ...errors(400, 404) },
})

export const invite = createRoute({
  method: 'post',
  path: '/sandbox/operator/invitations',
  tags,
  summary: 'Create an invitation code',
  operationId: 'sandboxOperatorInvitationCreate',
  description: `${ABOUT} A code one partner signs up with (POST /sandbox/signup, invitationCode) when SANDBOX_SIGNUP=invite; shown this once.`,
  security: operatorSecurity,
  request: { body: json(InvitationRequestSchema, false) },
  responses: { 201: jsonContent(InvitationSchema, 'The invitation'), ...errors(400, 413, 415) },
})

export const invitations = createRoute({
  method: 'get',
  path: '/sandbox/operator/invitations',
  tags,
  summary: 'List the invitations',
  operationId: 'sandboxOperatorInvitationList',
  description: `${ABOUT} Newest first, without their codes: when each expires, whether and by which partner it was used.`,
  security: operatorSecurity,
  responses: { 200: jsonContent(InvitationListSchema, 'The invitations'), ...errors() },
})
