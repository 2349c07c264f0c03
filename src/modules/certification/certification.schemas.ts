import { z } from '@hono/zod-openapi'
import { ALL_CHECKS } from './certification.service.ts'
import { FORMER_TIMELY_CHECK, GO_LIVE_HTTPS } from './receiver-checks.ts'

const CheckIdSchema = z.enum(ALL_CHECKS)

export const StartRunSchema = z
  .object({
    checks: z
      .array(z.enum([...ALL_CHECKS, FORMER_TIMELY_CHECK]))
      .max(ALL_CHECKS.length)
      .optional()
      .openapi({
        description: `The checks to run; all of them when absent or empty. \`${FORMER_TIMELY_CHECK}\`, the former name of \`receiver-answers-in-time\`, asks for it`,
        example: ['receiver-accepts-signed', 'client-reauthenticates'],
      }),
    since: z.iso.datetime().optional().openapi({
      description:
        "Start of the journal window the client checks read, in real time (never the partner's test clock); by default the partner's open certification window (POST /sandbox/certification/window), else the last 24 hours",
      example: '2026-11-25T09:00:00Z',
    }),
  })
  .strict()
  .openapi('SandboxCertificationStart')

const EvidenceSchema = z
  .object({
    text: z.string().openapi({ description: 'What this piece of evidence shows, in the language of Accept-Language', example: 'Sem cabeçalhos de assinatura: HTTP 204.' }),
    requestId: z.string().optional().openapi({ description: 'A request of the journal (GET /sandbox/requests/{requestId})' }),
    notificationId: z.string().optional().openapi({ description: 'The webhook-id of a probe or a delivery' }),
    at: z.string().optional(),
    request: z.string().optional().openapi({ example: 'POST /v1/simulations' }),
    status: z.number().int().optional().openapi({ description: "The answer's HTTP status" }),
    callbackUrl: z.string().optional().openapi({ description: 'The registered address probed, or the local address a listener forwarded the probe to' }),
    through: z
      .enum(['address', 'listen'])
      .optional()
      .openapi({ description: 'address: sent to a registered callbackUrl; listen: through a connected `mortgage-sandbox listen` (listenerId) to your local receiver' }),
    listenerId: z.string().optional(),
    latencyMs: z.number().optional(),
    sentHeaders: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'The headers the probe carried (webhook-id, -timestamp, -signature, X-Sandbox-Certification)' }),
    answer: z.string().nullable().optional().openapi({ description: "The start of the partner server's answer" }),
  })
  .openapi('SandboxCertificationEvidence')

const GoLiveItemSchema = z
  .object({
    id: z.enum([GO_LIVE_HTTPS]),
    name: z.string(),
    status: z.enum(['ready', 'to-do']).openapi({
      description:
        'ready: a registered public https:// address answered every probe in time; to-do: not yet (a receiver tested through mortgage-sandbox listen, an http:// address, no answer)',
    }),
    evidence: z.array(EvidenceSchema),
    advice: z.string().nullable().openapi({ description: 'What to do before going live; null when ready' }),
  })
  .openapi('SandboxCertificationGoLiveItem')

const CheckResultSchema = z
  .object({
    id: CheckIdSchema,
    name: z.string(),
    category: z.enum(['receiver', 'client']),
    status: z.enum(['passed', 'failed', 'not-exercised', 'running']),
    evidence: z.array(EvidenceSchema),
    advice: z.string().nullable().openapi({ description: 'How to pass it, when it failed or was not exercised' }),
  })
  .openapi('SandboxCertificationCheck')

export const RunSchema = z
  .object({
    runId: z.uuid(),
    status: z
      .enum(['running', 'passed', 'failed', 'incomplete'])
      .openapi({ description: 'passed: every check asked for passed; failed: one failed; incomplete: none failed, some not exercised' }),
    summary: z.string().openapi({
      description: 'How many of all the checks ran, how they ended and which were left out, in the language of Accept-Language',
      example: '18 of 19 checks run: 18 passed. Left out: receiver-answers-in-time.',
    }),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    window: z
      .object({
        from: z.string(),
        to: z.string().nullable(),
        marker: z.string().nullable().openapi({
          description:
            'The `X-Sandbox-Certification` value of the requests judged (`*`: any value), when the client marked its requests; null: every request of the window was judged (or the run is still running)',
        }),
      })
      .openapi({ description: 'The journal window the client checks read' }),
    checks: z.array(CheckResultSchema),
    checksLeftOut: z
      .array(z.object({ id: CheckIdSchema, name: z.string() }))
      .openapi({ description: 'The checks this run was not asked for (`checks`): empty for a run of every check' }),
    goLive: z
      .array(GoLiveItemSchema)
      .openapi({ description: 'What the bank still needs before production, shown apart from the checks: it never fails a run. Empty when no receiver check ran' }),
  })
  .openapi('SandboxCertificationRun')

export const RunListSchema = z.object({ runList: z.array(RunSchema) }).openapi('SandboxCertificationRunList')

export const RunParamsSchema = z.object({
  runId: z.uuid().openapi({ param: { name: 'runId', in: 'path' }, example: '5b0c8f8e-2d4a-4b7e-9c1f-3a6d2e8b7c40' }),
})

export const SignedReportSchema = z
  .object({
    report: z.object({
      kind: z.literal('mortgage-sandbox-certification'),
      runId: z.uuid(),
      partnerUniqueID: z.uuid(),
      sandboxVersion: z.string(),
      status: z.literal('passed'),
      window: z.object({
        from: z.string(),
        to: z.string().nullable(),
        marker: z.string().optional().openapi({ description: 'Present when only the requests marked with this `X-Sandbox-Certification` value were judged (`*`: any value)' }),
      }),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      checks: z.array(z.object({ id: z.string(), category: z.string(), status: z.string() })),
      checksInAll: z.number().int().optional().openapi({ description: 'How many checks the sandbox has; a report of fewer names the others in checksLeftOut' }),
      checksLeftOut: z
        .array(z.string())
        .optional()
        .openapi({ description: 'The checks the run was not asked for, so not certified by this report (absent in reports signed before it was added)' }),
      goLive: z
        .array(z.object({ id: z.string(), status: z.string() }))
        .optional()
        .openapi({
          description:
            'What the bank still needs before production (`public-https-address`: ready or to-do); empty for a run without receiver checks, absent in reports signed before it was added',
        }),
    }),
    signature: z.object({
      algorithm: z.literal('Ed25519'),
      keyId: z.string(),
      value: z.string().openapi({ description: 'base64url Ed25519 signature of the canonical JSON of report (keys sorted, no spaces)' }),
    }),
  })
  .openapi('SandboxCertificationReport')

export const SigningKeySchema = z
  .object({
    keyId: z.string(),
    algorithm: z.literal('Ed25519'),
    publicKeyPem: z.string(),
    jwk: z.object({ kty: z.string(), crv: z.string(), x: z.string() }),
  })
  .openapi('SandboxCertificationSigningKey')

export const WindowSchema = z
  .object({
    windowId: z
      .uuid()
      .openapi({ description: 'Mark the requests of the client under test with `X-Sandbox-Certification: <windowId>`: once some are marked, a run judges them alone' }),
    openedAt: z.string().openapi({ description: 'Where the next runs start reading the journal (real time), unless given `since`', example: '2026-11-26T09:00:00.000Z' }),
    markerHeader: z.literal('X-Sandbox-Certification'),
  })
  .openapi('SandboxCertificationWindow')
