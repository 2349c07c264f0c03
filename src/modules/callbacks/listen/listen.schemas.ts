import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'

export const ListenQuerySchema = z.object({
  types: z
    .string()
    .max(200)
    .regex(/^\d{1,4}(,\d{1,4})*$/, 'a comma-separated list of notification type ids')
    .optional()
    .openapi({ description: 'The notification types to receive, ids of notification-types separated by commas; all when absent', example: '1,7' }),
  forwardTo: z
    .string()
    .max(2048)
    .optional()
    .openapi({ description: 'Where the command line forwards to, shown as the callbackUrl of its attempts in the delivery log', example: 'http://localhost:3000/hooks' }),
  since: z
    .string()
    .regex(/^\d{1,5}[smh]$/, 'a duration such as 90s, 15m, 1h or 24h')
    .optional()
    .openapi({
      description:
        'How far back the replay goes: the notifications that reached no receiver (no listener, no address) in that time are sent first, oldest first, marked replayed. They are kept 24 hours at most, counted in the storage quota; 24h by default',
      example: '1h',
    }),
  replay: z.enum(['true', 'false']).optional().openapi({ description: 'false: no replay, only what happens from now on', example: 'false' }),
})

export const ListenStreamSchema = z.string().openapi({
  description: `Server-Sent Events. First \`event: ready\` with \`{ listenerId, signingSecret, types, scope, heartbeatSeconds }\`;
then, when notifications that reached no receiver are replayed, \`event: replay\` with \`{ notifications, since }\`; then one
\`event: notification\` per attempt, \`id\` the attemptId, data \`{ attemptId, notificationId, notificationTypeId,
notificationType, headers, body, replayed }\` (\`replayed\`: kept since it happened, the same webhook-id): POST \`body\` with
\`headers\` to the local server, then report its answer. A certification run's probes come the same way (header
\`X-Sandbox-Certification\`). A comment line every heartbeatSeconds keeps the connection open. When the user loses the
stream's rights (demoted, tokens revoked, password reset, deactivated, partner suspended or deleted) or its token expires,
a last \`event: closed\` with \`{ reason, message }\` (reason \`demoted\`, \`tokens-revoked\`, \`password-reset\`,
\`deactivated\`, \`partner-suspended\`, \`partner-deleted\`, \`token-expired\`, \`unauthorized\`), and the stream ends.`,
})

export const ListenerParamsSchema = z.object({
  listenerId: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: 'listenerId', in: 'path', required: true },
      description: "The listenerId of the stream's ready event",
      example: 'lsn_0c7d2f5e8a9b4c1d9e3f6a7b8c9d0e1f',
    }),
})

export const ListenReportSchema = z
  .object({
    attemptId: z.string().min(1).max(64).openapi({ description: 'The attemptId of the notification event' }),
    httpStatus: z.number().int().min(100).max(599).nullable().openapi({ description: "The local server's status; null when it did not answer", example: 200 }),
    latencyMs: z.number().min(0).max(3_600_000).openapi({ description: "The local server's time to answer", example: 12.5 }),
    responseExcerpt: z.string().max(1024).nullable().openapi({ description: 'The first 1 KB of its answer body' }),
    error: z.string().max(500).nullable().openapi({ description: 'Why it did not answer (refused, timeout); null when it answered' }),
  })
  .strict()
  .openapi('ListenReport', {
    example: { attemptId: '3f0c6a0e-8b8e-4d1a-9a57-2f1e0b7c5d44', httpStatus: 200, latencyMs: 12.5, responseExcerpt: 'ok', error: null },
  })

export const ListenReportResultSchema = envelopeSchema(z.object({ attemptId: z.string(), recorded: z.literal(true) }), 'ListenReportResult')
