import { randomUUID } from 'node:crypto'
import { BORROWER_REQUEST_EXAMPLE } from '../../../src/modules/processes/borrowers/borrower-request.schemas.ts'
import { PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../../modules/simulations/simulation-fixtures.ts'
import type { Records } from './matrix-world.ts'

type Params = Record<string, string>

/** How the matrix calls one route: a request that its allowed callers get answered as `ok` says. */
export interface Sample {
  /** Path parameters beyond those every route names alike (PARAMS). */
  params?: (r: Records) => Promise<Params> | Params
  query?: string
  json?: (r: Records) => unknown
  /** A console form (its CSRF token is added). */
  form?: Record<string, string>
  /** A document upload. */
  multipart?: boolean
  /** Records the route lists, made before it is called (a list with nothing in it proves nothing). */
  prepare?: (r: Records) => Promise<unknown>
  /** The route consumes what it names: each allowed call gets records of its own, made by these params. */
  fresh?: (r: Records) => Promise<Params>
  /** The body names one of broker A1's records: a caller of another broker or partner gets the route's not found. */
  namesRecord?: boolean
  /** The statuses an allowed call may answer (default 200). */
  ok?: number[]
  /** Undoes a partner-wide effect that would change what later tests see. */
  after?: (s: TestSandbox) => void | Promise<void>
}

/** The path parameters every route names alike: broker A1's records, partner A, a configured type. */
export const PARAMS: Record<string, (r: Records) => Promise<string> | string> = {
  simulationUniqueId: (r) => r.simulation(),
  processUniqueId: (r) => r.process(),
  borrowerUniqueId: (r) => r.borrower(),
  documentUniqueId: (r) => r.document(),
  propertyUniqueId: (r) => r.property(),
  requestId: (r) => r.requestId(),
  notificationId: (r) => r.notificationId(),
  messageId: (r) => r.mailId(),
  runId: (r) => r.runId(),
  userId: (r) => r.user(),
  partnerUniqueID: () => PARTNER_A,
  notificationType: () => '6',
  notificationTypeID: () => '6',
}

/** The parameters that name a record of a broker (or, for `userId` and `runId`, of partner A). */
export const RECORD_PARAMS = new Set([
  'simulationUniqueId',
  'processUniqueId',
  'borrowerUniqueId',
  'documentUniqueId',
  'propertyUniqueId',
  'requestId',
  'notificationId',
  'messageId',
  'runId',
  'userId',
  'id',
])

// What a caller sends names none of the markers: only broker A1's own records carry them.
const input = () => simulationInput()
const created = [201]
const redirected = [303]
const idle = (s: TestSandbox) => s.services.certification.idle()
/** A partner's own scenario document; without a name, the path's. */
const matrixScenario = (name?: string) => ({ ...(name ? { name } : {}), description: { 'pt-PT': 'Matriz', en: 'Matrix' }, effects: [{ type: 'latency', ms: 1 }] })

/** Every route's sample; the reference lists need none (a GET of the list). */
export const SAMPLES: Record<string, Sample> = {
  'GET /v1/health': {},
  'GET /v1/health/version': {},
  'POST /v1/authentication': { json: () => ({ username: 'broker-b', password: 'sandbox' }) },
  'POST /sandbox/signup': { json: () => ({ partnerName: `Matriz ${randomUUID().slice(0, 8)}`, contactEmail: 'dev@matriz.example' }), ok: created },
  'GET /openapi.json': {},
  'GET /postman.json': {},
  'GET /openapi/sandbox.json': {},
  'GET /asyncapi.json': {},
  'GET /postman/sandbox.json': {},
  'GET /docs': {},
  'GET /docs/assets/{file}': { params: () => ({ file: 'swagger-ui.css' }) },
  'GET /sandbox/certification/signing-key': {},
  'GET /livez': {},
  // The test sandbox starts no workers: not ready, and says so.
  'GET /readyz': { ok: [200, 503] },
  'GET /metrics': {},
  'GET /v1/taxonomy/{list}': {},

  'POST /v1/simulations/validate': { json: input },
  'GET /v1/simulations': { prepare: (r) => r.simulation() },
  'POST /v1/simulations': { json: input, ok: created },
  'GET /v1/simulations/{simulationUniqueId}': {},
  'PATCH /v1/simulations/{simulationUniqueId}': { json: () => ({ loanSimulator: { loanAmount: 190000 } }) },
  'DELETE /v1/simulations/{simulationUniqueId}': {
    json: () => ({ simulationCancelReasonId: 1, cancelComments: 'Desistiu.' }),
    fresh: async (r) => ({ simulationUniqueId: await r.newSimulation() }),
  },
  'GET /v1/simulations/{simulationUniqueId}/message': {},
  'POST /v1/simulations/{simulationUniqueId}/message': { json: () => ({ messageText: 'Mensagem do mediador.' }), ok: created },
  'GET /v1/simulations/{simulationUniqueId}/esis': {},
  'GET /v1/simulations/{simulationUniqueId}/esis/email': { query: 'email=cliente@example.com' },
  'GET /v1/processes': { prepare: (r) => r.process() },
  'POST /v1/processes': { json: async (r) => ({ simulationUniqueId: await r.newSimulation() }), namesRecord: true, ok: created },
  'GET /v1/processes/{processUniqueId}': {},
  'PUT /v1/processes/{processUniqueId}': { json: () => ({ loanProcessRequest: { loanAmount: 190000, loanDurationMonths: 348 } }) },
  'DELETE /v1/processes/{processUniqueId}': {
    json: () => ({ proposalCancelReasonId: 1, cancelComments: 'Desistiram.' }),
    fresh: async (r) => ({ processUniqueId: await r.newProcess() }),
  },
  'POST /v1/processes/{processUniqueId}/submit': { fresh: async (r) => ({ processUniqueId: await r.newCompleteProcess() }) },
  'GET /v1/processes/{processUniqueId}/borrower': {},
  'POST /v1/processes/{processUniqueId}/borrower': {
    json: () => BORROWER_REQUEST_EXAMPLE,
    fresh: async (r) => ({ processUniqueId: await r.newSingleBorrowerProcess() }),
    ok: created,
  },
  'GET /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': {},
  'PUT /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': { json: () => ({ personalDataBorrowerRequest: { mobile: '+351912345678' } }) },
  'DELETE /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': { params: (r) => r.newCoBorrower(), fresh: (r) => r.newCoBorrower() },
  'GET /v1/processes/{processUniqueId}/document': { prepare: (r) => r.document() },
  'POST /v1/processes/{processUniqueId}/document': { multipart: true, ok: created },
  'GET /v1/processes/{processUniqueId}/document/{documentUniqueId}': {},
  'PUT /v1/processes/{processUniqueId}/document/{documentUniqueId}': { multipart: true },
  'DELETE /v1/processes/{processUniqueId}/document/{documentUniqueId}': { params: (r) => r.newDocument(), fresh: (r) => r.newDocument() },
  'GET /v1/processes/{processUniqueId}/document/{documentUniqueId}/content': {},
  'GET /v1/processes/{processUniqueId}/property': {},
  'PUT /v1/processes/{processUniqueId}/property/{propertyUniqueId}': { json: () => ({ doorNumber: '39' }) },
  'GET /v1/processes/{processUniqueId}/message': {},
  'POST /v1/processes/{processUniqueId}/message': { json: () => ({ messageText: 'Mensagem do mediador.' }), ok: created },
  'GET /v1/processes/{processUniqueId}/esis': {},
  'GET /v1/processes/{processUniqueId}/esis/email': { query: 'email=cliente@example.com' },
  'GET /{partnerUniqueID}/callbacks': { prepare: (r) => r.callbackConfiguration(6) },
  'PUT /{partnerUniqueID}/callbacks/{notificationType}': { json: () => ({ callbackUrl: 'https://hooks.casacerta.example/matrix' }), ok: [200, 201] },
  'DELETE /{partnerUniqueID}/callbacks/{notificationType}': {
    prepare: (r) => r.callbackConfiguration(6),
    fresh: async (r) => (await r.newCallbackConfiguration(6), {}),
  },
  'POST /v1/callbacks/echo/{partnerUniqueID}/{notificationTypeID}': {
    prepare: (r) => r.callbackConfiguration(6),
    json: async (r) => ({ simulationUniqueId: await r.simulation() }),
    namesRecord: true,
  },

  'GET /sandbox/scenarios': {},
  'POST /sandbox/scenarios': { json: () => matrixScenario(`matrix-${randomUUID().slice(0, 8)}`), ok: created },
  // A name of partner A's own: another partner has none of it.
  'GET /sandbox/scenarios/{name}': { params: async (r) => ({ name: await r.scenario() }), namesRecord: true },
  'PUT /sandbox/scenarios/{name}': { params: async (r) => ({ name: await r.scenario() }), json: () => matrixScenario(), ok: [200, 201] },
  'DELETE /sandbox/scenarios/{name}': { params: async (r) => ({ name: await r.scenario() }), fresh: async (r) => ({ name: await r.newScenario() }), namesRecord: true },
  'POST /sandbox/simulations/{simulationUniqueId}/status': {
    json: () => ({ simulationStatusId: 5 }),
    fresh: async (r) => ({ simulationUniqueId: await r.newSimulation() }),
  },
  'POST /sandbox/processes/{processUniqueId}/status': { json: () => ({ processStatusId: 7 }), fresh: async (r) => ({ processUniqueId: await r.newProcess() }) },
  'POST /sandbox/simulations/{simulationUniqueId}/message': { json: () => ({ messageText: 'Mensagem do banco.' }), ok: created },
  'POST /sandbox/processes/{processUniqueId}/message': { json: () => ({ messageText: 'Mensagem do banco.' }), ok: created },
  // A message of the bank on one of broker A1's simulations: another broker's or partner's caller gets its not found.
  'POST /sandbox/trigger': { json: async (r) => ({ notificationType: 'NEW_MESSAGE', simulationUniqueId: await r.simulation() }), namesRecord: true, ok: created },
  'GET /sandbox/requests': { prepare: (r) => r.requestId() },
  'GET /sandbox/requests/{requestId}': {},
  'GET /sandbox/deliveries': { prepare: (r) => r.notificationId() },
  'POST /sandbox/deliveries/{notificationId}/retry': {},
  // The stream is read up to its ready event, then cancelled (authorization-matrix.test.ts).
  'GET /sandbox/listen': { query: 'types=6' },
  // The report of an attempt no listener awaits: the route's own answer, reached by whoever may call it.
  'POST /sandbox/listen/{listenerId}/attempts': {
    params: () => ({ listenerId: 'lsn_matrix' }),
    json: () => ({ attemptId: 'a1', httpStatus: 200, latencyMs: 1, responseExcerpt: null, error: null }),
    ok: [404],
  },
  'GET /sandbox/mailbox': { prepare: (r) => r.mailId() },
  'GET /sandbox/mailbox/{messageId}/attachment': {},
  'GET /sandbox/jobs': { prepare: (r) => r.job() },
  'GET /sandbox/clock': {},
  'GET /sandbox/test-data/borrowers': {},
  'POST /sandbox/clock/advance': { json: () => ({ seconds: 1 }) },
  'POST /sandbox/clock/return': {},
  'POST /sandbox/reset': { prepare: (r) => r.simulation() },
  'POST /sandbox/certification/runs': { json: () => ({ checks: ['client-sends-accept-language'] }), ok: [202], after: idle },
  'GET /sandbox/certification/runs': { prepare: (r) => r.runId() },
  'GET /sandbox/certification/runs/{runId}': {},
  // The run's one check fails (the matrix sends no Accept-Language): its report is refused with 409.
  'GET /sandbox/certification/runs/{runId}/report': { ok: [409] },
  'POST /sandbox/certification/window': { ok: created },

  'GET /sandbox/account': {},
  'POST /sandbox/account/brokers': { json: () => ({ name: 'Casa Certa Faro' }), ok: created },
  'POST /sandbox/account/users': { json: () => ({ brokerId: 1001, name: 'Nova Utilizadora', email: `${randomUUID()}@casacerta.example` }), namesRecord: true, ok: created },
  'POST /sandbox/account/users/{userId}/password': { fresh: async (r) => ({ userId: await r.newUser() }) },
  'POST /sandbox/account/users/{userId}/revoke-tokens': { fresh: async (r) => ({ userId: await r.newUser() }) },
  'PUT /sandbox/account/language': { json: () => ({ language: 'pt-PT' }) },
  'PUT /sandbox/account/users/{userId}/admin': { json: () => ({ admin: true }), fresh: async (r) => ({ userId: await r.newUser() }) },
  'DELETE /sandbox/account/users/{userId}': { fresh: async (r) => ({ userId: await r.newUser() }) },
  'GET /sandbox/account/mail-recipients': {},
  // The matrix's sandbox relays no e-mail: an administrator's request is answered, and refused for that (400).
  'POST /sandbox/account/mail-recipients': { json: () => ({ email: 'qa@casacerta.example' }), ok: [400] },
  'POST /sandbox/account/mail-recipients/{recipientId}/verify': { params: () => ({ recipientId: randomUUID() }), json: () => ({ code: '123456' }), ok: [404] },
  'DELETE /sandbox/account/mail-recipients/{recipientId}': { params: () => ({ recipientId: randomUUID() }), ok: [404] },
  'GET /sandbox/account/audit': { prepare: (r) => r.newUser() },

  'GET /sandbox/operator/partners': {},
  'POST /sandbox/operator/partners': { json: () => ({ partnerName: `Operado ${randomUUID().slice(0, 8)}`, contactEmail: 'dev@operado.example' }), ok: created },
  'POST /sandbox/operator/partners/{partnerUniqueID}/suspend': { params: async (r) => ({ partnerUniqueID: await r.partner() }), json: () => ({ reason: 'Matriz' }) },
  'POST /sandbox/operator/partners/{partnerUniqueID}/resume': { params: async (r) => ({ partnerUniqueID: await r.partner() }) },
  'DELETE /sandbox/operator/partners/{partnerUniqueID}': {
    params: async (r) => ({ partnerUniqueID: await r.partner() }),
    fresh: async (r) => ({ partnerUniqueID: await r.newPartner() }),
  },
  'GET /sandbox/operator/invitations': {},
  'POST /sandbox/operator/invitations': { json: () => ({ note: 'Matriz', expiresInDays: 14 }), ok: created },
  'GET /sandbox/operator/audit': {},

  'GET /console/login': {},
  'POST /console/login': { form: { username: 'broker-b', password: 'sandbox' }, ok: redirected },
  'GET /console/assets/{file}': { params: () => ({ file: 'console.css' }) },
  'GET /console/lang/{lang}': { params: () => ({ lang: 'en' }), ok: redirected },
  'GET /console': { ok: redirected },
  'POST /console/logout': { form: {}, ok: redirected },
  'GET /console/requests': { prepare: (r) => r.requestId() },
  'GET /console/requests/rows': { prepare: (r) => r.requestId() },
  'GET /console/requests/{requestId}': {},
  'GET /console/simulations': { prepare: (r) => r.simulation() },
  'GET /console/simulations/{id}': { params: async (r) => ({ id: await r.simulation() }) },
  'GET /console/processes': { prepare: (r) => r.process() },
  'GET /console/processes/{id}': { params: async (r) => ({ id: await r.process() }) },
  'POST /console/{simulations|processes}/{id}/status': {
    params: async (r) => ({ id: await r.simulation() }),
    form: { statusId: '5' },
    fresh: async (r) => ({ id: await r.newSimulation() }),
    ok: redirected,
  },
  'POST /console/{simulations|processes}/{id}/message': { params: async (r) => ({ id: await r.simulation() }), form: { messageText: 'Mensagem do banco.' }, ok: redirected },
  'POST /console/{simulations|processes}/{id}/echo': {
    prepare: (r) => r.callbackConfiguration(6),
    params: async (r) => ({ id: await r.simulation() }),
    form: { type: '6' },
    ok: redirected,
  },
  'GET /console/{simulations|processes}/{id}/esis.pdf': { params: async (r) => ({ id: await r.simulation() }) },
  'GET /console/deliveries': { prepare: (r) => r.notificationId() },
  'POST /console/deliveries/{notificationId}/retry': { form: {}, ok: redirected },
  'POST /console/deliveries/trigger': { form: { notificationType: 'NEW_MESSAGE' }, ok: redirected },
  // The type names partner A's configuration: another partner has none.
  'GET /console/callbacks/{notificationType}/secret': { prepare: (r) => r.callbackConfiguration(6), namesRecord: true },
  'GET /console/mailbox': { prepare: (r) => r.mailId() },
  'GET /console/mailbox/{messageId}/attachments/{position}': { params: () => ({ position: '0' }) },
  'GET /console/drive': {},
  'POST /console/drive/advance': { form: { seconds: '1' }, ok: redirected },
  'POST /console/drive/reset': { prepare: (r) => r.simulation(), form: { confirm: 'yes' }, ok: redirected },
  'GET /console/scenarios': {},
  'POST /console/scenarios/{name}/next': {
    params: () => ({ name: 'simulation-not-eligible' }),
    form: {},
    ok: redirected,
    // The pick would make the partner's next simulation, in a later test, not eligible.
    after: (s) => s.services.scenarioPicks.cancel(PARTNER_A),
  },
  'POST /console/scenarios/next/cancel': { form: {}, ok: redirected },
  'POST /console/scenarios/{name}/try': { params: () => ({ name: 'token-expired' }), form: {}, ok: redirected },
  'POST /console/scenarios': { form: { document: JSON.stringify(matrixScenario('matrix-console')) }, ok: redirected },
  'GET /console/scenarios/{name}/edit': { params: async (r) => ({ name: await r.scenario() }), namesRecord: true },
  'POST /console/scenarios/{name}': { params: async (r) => ({ name: await r.scenario() }), form: { document: JSON.stringify(matrixScenario()) }, ok: redirected },
  'POST /console/scenarios/{name}/delete': {
    params: async (r) => ({ name: await r.scenario() }),
    fresh: async (r) => ({ name: await r.newScenario() }),
    form: {},
    ok: redirected,
    namesRecord: true,
  },
  'GET /console/certification': { prepare: (r) => r.runId() },
  'POST /console/certification/runs': { form: {}, ok: redirected, after: idle },
  'POST /console/certification/window': { form: {}, ok: redirected },
  'GET /console/certification/{runId}': {},
  'GET /console/search': {},
  'GET /console/deliveries/{notificationId}': {},
  'GET /console/processes/{id}/documents/{documentUniqueId}': { params: async (r) => ({ id: await r.process() }) },
  'GET /console/account': {},
  'POST /console/account/users': { form: { brokerId: '1001', name: 'Nova Utilizadora', email: 'nova@casacerta.example' }, namesRecord: true, ok: created },
  'POST /console/account/users/{userId}/password': { fresh: async (r) => ({ userId: await r.newUser() }), form: {} },
  'POST /console/account/users/{userId}/revoke-tokens': { fresh: async (r) => ({ userId: await r.newUser() }), form: {}, ok: redirected },
  'POST /console/account/users/{userId}/deactivate': { fresh: async (r) => ({ userId: await r.newUser() }), form: {}, ok: redirected },
  'GET /console/certification/{runId}/section': {},
  'GET /console/certification/{runId}/report.json': { ok: [409] },
}
