import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { AdvanceBodySchema, AdvanceResultSchema, ClockSchema, ReturnResultSchema } from './sandbox-clock.schemas.ts'

export const status = createRoute({
  method: 'get',
  path: '/sandbox/clock',
  tags: ['Sandbox'],
  summary: "Read the partner's test clock",
  operationId: 'sandboxClockGet',
  description:
    "Sandbox control API (not part of the bank's API): the caller partner's time and how far it was advanced. Every date the partner's data shows (status dates, history, messages, notifications) is read from it; tokens keep the real time.",
  security: bearerSecurity,
  responses: { 200: jsonContent(ClockSchema, "The partner's clock"), ...authedErrors() },
})

export const advance = createRoute({
  method: 'post',
  path: '/sandbox/clock/advance',
  tags: ['Sandbox'],
  summary: "Move the partner's test clock forward",
  operationId: 'sandboxClockAdvance',
  description:
    "Sandbox control API (not part of the bank's API): moves the caller partner's clock forward and runs, now and in due order, what falls due within the advanced time, exactly as the sandbox's workers would have: scenario steps (status changes, bank messages, document requests, with their notifications) and callback delivery attempts by the retry schedule (each really sent; its `webhook-timestamp` is the real time, so a Standard Webhooks receiver accepts it: the clock moves business, never the transport). Answers once all of it ran. No other partner's clock, jobs or retries move. One advance at a time per partner (409 while one runs). It moves the clock of every broker of the partner: it needs a user who administers the partner (403 otherwise).",
  security: bearerSecurity,
  request: { body: { content: { 'application/json': { schema: AdvanceBodySchema, example: { seconds: 35 } } }, required: true } },
  responses: { 200: jsonContent(AdvanceResultSchema, 'The clock after the advance, and what ran'), ...authedErrors(400, 403, 409) },
})

export const returnToRealTime = createRoute({
  method: 'post',
  path: '/sandbox/clock/return',
  tags: ['Sandbox'],
  summary: "Bring the partner's test clock back to the real time",
  operationId: 'sandboxClockReturn',
  description:
    "Sandbox control API (not part of the bank's API): sets the caller partner's clock back to the sandbox's real time (offset 0) and keeps everything: simulations, processes, messages, notifications, deliveries, jobs, the journal. Records keep the dates they were written with, so some may read later than the new now. What is scheduled keeps its distance from now: a scenario step or a callback retry that was due in one hour of the partner's clock is due in one real hour. `returnedSeconds` says how far ahead the clock was. No body. 409 while an advance runs. It moves the clock of every broker of the partner: it needs a user who administers the partner (403 otherwise).",
  security: bearerSecurity,
  responses: { 200: jsonContent(ReturnResultSchema, 'The clock, back on the real time'), ...authedErrors(403, 409) },
})
