import { z } from '@hono/zod-openapi'

/**
 * The network faults a scenario can force (docs/design.md "Network faults"): what the partner's
 * client meets on the wire instead of the sandbox's answer. Its own part of the scenario document, so
 * the effect list only names it.
 */
export const FAULT_KINDS = ['connection-reset', 'empty-reply', 'truncated-body', 'malformed-json', 'gateway-502', 'gateway-504', 'timeout', 'slow-body'] as const

export const FaultKindSchema = z.enum(FAULT_KINDS)

export const FaultEffectSchema = z
  .object({
    type: z.literal('fault'),
    kind: FaultKindSchema.describe(
      "connection-reset: the socket reset before any answer; empty-reply: closed with no byte; truncated-body: status and headers, half the body, closed; malformed-json: a body that is not JSON as application/json; gateway-502, gateway-504: a gateway's HTML error page; timeout: no answer, then closed; slow-body: the answer trickled",
    ),
    afterWrite: z
      .boolean()
      .default(false)
      .describe(
        'The operation runs and its writes are committed before the fault (the client must find the record it thinks failed). truncated-body and slow-body always run it: they carry its answer',
      ),
    delayMs: z
      .number()
      .int()
      .min(1)
      .max(600_000)
      .optional()
      .describe(
        "How long a timeout holds the connection, or a slow-body trickles its answer; at most the sandbox's bound (SANDBOX_FAULT_TIMEOUT_MS, SANDBOX_FAULT_SLOW_BODY_MS), which is the default",
      ),
  })
  .openapi('ScenarioFault')

export type FaultKind = z.infer<typeof FaultKindSchema>
export type FaultEffect = z.infer<typeof FaultEffectSchema>
