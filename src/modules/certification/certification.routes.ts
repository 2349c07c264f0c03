import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, errorResponses, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { RunListSchema, RunParamsSchema, RunSchema, SignedReportSchema, SigningKeySchema, StartRunSchema, WindowSchema } from './certification.schemas.ts'

const SANDBOX = "Sandbox control API (not part of the bank's API)"
/** A run reads every broker's requests of the partner (docs/design.md "Roles"). */
const ADMIN = 'A run reads the requests of every broker of the partner: it needs a user who administers the partner (403 otherwise).'

export const start = createRoute({
  method: 'post',
  path: '/sandbox/certification/runs',
  tags: ['Sandbox'],
  summary: "Start a certification run of the partner's integration",
  operationId: 'sandboxCertificationRunStart',
  description: `${SANDBOX}: checks the caller partner's integration. Receiver checks send test notifications now (\`test: true\`, header \`X-Sandbox-Certification: <runId>\`) to each active callback address: correctly signed, wrongly signed, unsigned, with a stale timestamp, redelivered, of a new type; and judge the answers. Client checks read the partner's request journal from \`since\` (24 hours by default) to now: re-authentication after an expired token, Retry-After honoured after a 429 and a 503, lists walked with nextRecord, refused requests fixed rather than repeated, Accept-Language sent, only documented fields, and the journeys (eligible and not eligible simulations, a process submitted, a bank decision followed through callbacks). Answers 202 at once; read the run until its status is no longer \`running\`. One run at a time per partner (409). ${ADMIN}`,
  security: bearerSecurity,
  request: { body: { content: { 'application/json': { schema: StartRunSchema, example: {} } }, required: false } },
  responses: { 202: jsonContent(RunSchema, 'The run, running'), ...authedErrors(400, 403, 409) },
})

export const list = createRoute({
  method: 'get',
  path: '/sandbox/certification/runs',
  tags: ['Sandbox'],
  summary: "The partner's certification runs",
  operationId: 'sandboxCertificationRunList',
  description: `${SANDBOX}: the caller partner's 50 newest runs, newest first, in the language of Accept-Language. ${ADMIN}`,
  security: bearerSecurity,
  responses: { 200: jsonContent(RunListSchema, 'The runs'), ...authedErrors(403) },
})

export const get = createRoute({
  method: 'get',
  path: '/sandbox/certification/runs/{runId}',
  tags: ['Sandbox'],
  summary: 'One certification run: each check with its evidence and advice',
  operationId: 'sandboxCertificationRunGet',
  description: `${SANDBOX}: each check passed, failed or not exercised, with the evidence (journal requests, probes sent and the answers) and how to fix it, in the language of Accept-Language. ${ADMIN}`,
  security: bearerSecurity,
  request: { params: RunParamsSchema },
  responses: { 200: jsonContent(RunSchema, 'The run'), ...authedErrors(400, 403, 404) },
})

export const report = createRoute({
  method: 'get',
  path: '/sandbox/certification/runs/{runId}/report',
  tags: ['Sandbox'],
  summary: 'The signed report of a passed run',
  operationId: 'sandboxCertificationReport',
  description: `${SANDBOX}: the report of a passed run, signed with the sandbox's Ed25519 key (GET /sandbox/certification/signing-key): the bank checks the signature over the canonical JSON of \`report\` (keys sorted, no spaces), or runs \`mortgage-sandbox certify --check-report <file> --url <sandbox>\`. 409 for a run that did not pass. ${ADMIN}`,
  security: bearerSecurity,
  request: { params: RunParamsSchema },
  responses: { 200: jsonContent(SignedReportSchema, 'The signed report'), ...authedErrors(400, 403, 404, 409) },
})

export const signingKey = createRoute({
  method: 'get',
  path: '/sandbox/certification/signing-key',
  tags: ['Sandbox'],
  summary: 'The public key that signs certification reports',
  operationId: 'sandboxCertificationSigningKey',
  description: `${SANDBOX}: the public half of the sandbox's report key, as PEM and JWK; no token needed.`,
  security: [],
  responses: { 200: jsonContent(SigningKeySchema, 'The public key'), ...errorResponses() },
})

export const openWindow = createRoute({
  method: 'post',
  path: '/sandbox/certification/window',
  tags: ['Sandbox'],
  summary: 'Open a certification window: the next runs judge what the client does from now',
  operationId: 'sandboxCertificationWindowOpen',
  description: `${SANDBOX}: opens the partner's certification window now, replacing the one it had (\`mortgage-sandbox certify --start\`). A run given no \`since\` reads the journal from the window's start, not the last 24 hours; and once some of the partner's requests in it carry \`X-Sandbox-Certification: <windowId>\`, the run judges those alone, so a person's own calls meanwhile (curl without Accept-Language, a retry after a 429) are not the client's. So: open a window, run the client (marking its requests), then start a run. Takes no body. One window a partner, replaced by the next: it counts against no quota. ${ADMIN}`,
  security: bearerSecurity,
  responses: { 201: jsonContent(WindowSchema, 'The window, open'), ...authedErrors(403) },
})
