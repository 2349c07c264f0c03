import type * as Api from './partner-api.types.ts'

/** An answer outside 2xx: the status and the error body (errors[] of errorCode, errorMessage, errorField). */
export class PartnerApiError extends Error {
  override name = 'PartnerApiError'
  constructor(
    readonly status: number,
    readonly body: Api.ErrorBody | undefined,
  ) {
    super(`HTTP ${status}: ${body?.errors.map((e) => `${e.errorCode} ${e.errorField} ${e.errorMessage}`).join('; ') ?? 'no error body'}`)
  }
}

export interface PartnerClientOptions {
  baseUrl: string
  /** The accessToken of authenticate(); every operation but authentication and health sends it. */
  token?: string
  language?: 'pt-PT' | 'en'
  /** The fetch to send with (a resilient one: see resilient-fetch.ts); the global fetch by default. */
  fetch?: typeof fetch
}

export interface DocumentUpload {
  documentTypeId: number
  borrowerUniqueId?: string
  description?: string
  file: { bytes: Uint8Array; fileName: string; contentType: string }
}

type Query = Record<string, string | number | undefined>

/**
 * A broker's client of the Mortgage Partner Portal API, written the plain way: fetch, the interface
 * document's paths and field names, typed answers, errors as PartnerApiError.
 * @example
 * const client = createPartnerClient({ baseUrl: 'https://sandbox.example' })
 * const { accessToken } = await client.authenticate('broker-a', 'sandbox')
 * const simulations = createPartnerClient({ baseUrl: 'https://sandbox.example', token: accessToken }).simulations
 */
export function createPartnerClient(options: PartnerClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '')

  async function send(method: string, path: string, init: { query?: Query; json?: unknown; form?: FormData; accept?: string; auth?: boolean } = {}): Promise<Response> {
    const url = new URL(base + path)
    for (const [key, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value))
    const headers: Record<string, string> = { Accept: init.accept ?? 'application/json' }
    if (init.auth !== false && options.token) headers.Authorization = `Bearer ${options.token}`
    if (options.language) headers['Accept-Language'] = options.language
    let body: string | FormData | undefined = init.form
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const response = await (options.fetch ?? fetch)(url, { method, headers, ...(body === undefined ? {} : { body }) })
    if (!response.ok) {
      const text = await response.text()
      throw new PartnerApiError(response.status, text.startsWith('{') ? (JSON.parse(text) as Api.ErrorBody) : undefined)
    }
    return response
  }
  const json = async <T>(method: string, path: string, init?: Parameters<typeof send>[2]): Promise<T> => (await (await send(method, path, init)).json()) as T
  const text = async (path: string) => (await send('GET', path, { auth: false, accept: 'text/plain' })).text()
  const pdf = async (path: string) => {
    const response = await send('GET', path, { accept: 'application/pdf' })
    return { contentType: response.headers.get('content-type') ?? '', bytes: new Uint8Array(await response.arrayBuffer()) }
  }
  const form = (upload: DocumentUpload) => {
    const data = new FormData()
    data.append('documentTypeId', String(upload.documentTypeId))
    if (upload.borrowerUniqueId) data.append('borrowerUniqueId', upload.borrowerUniqueId)
    if (upload.description) data.append('description', upload.description)
    data.append('file', new Blob([upload.file.bytes], { type: upload.file.contentType }), upload.file.fileName)
    return data
  }
  const simulation = (id: string, rest = '') => `/v1/simulations/${encodeURIComponent(id)}${rest}`
  const process = (id: string, rest = '') => `/v1/processes/${encodeURIComponent(id)}${rest}`
  const callbacks = (partner: string, type?: number) => `/${encodeURIComponent(partner)}/callbacks${type === undefined ? '' : `/${type}`}`
  type Result<T> = Api.Envelope<T>

  return {
    authenticate: (username: string, password: string) => json<Api.AuthenticationResult>('POST', '/v1/authentication', { json: { username, password }, auth: false }),
    health: () => text('/v1/health'),
    version: () => text('/v1/health/version'),
    taxonomy: (list: string, query?: Query) => json<Api.TaxonomyItem[]>('GET', `/v1/taxonomy/${list}`, { ...(query ? { query } : {}) }),
    notificationTypes: (query?: Query) =>
      json<{ totalRecords: number; hasMoreResults: boolean; notificationTypeList: Api.TaxonomyItem[] }>('GET', '/v1/taxonomy/notification-types', { ...(query ? { query } : {}) }),

    simulations: {
      list: (query: Api.SimulationListQuery = {}) => json<Api.SimulationList>('GET', '/v1/simulations', { query: { ...query } }),
      create: (input: Api.SimulationInput) => json<Result<Api.SimulationResult>>('POST', '/v1/simulations', { json: input }),
      validate: (input: unknown) => json<{ errors: Api.ErrorItem[] }>('POST', '/v1/simulations/validate', { json: input }),
      detail: (id: string) => json<Api.SimulationDetail>('GET', simulation(id)),
      update: (id: string, patch: Api.SimulationPatch) => json<Result<Api.SimulationResult>>('PATCH', simulation(id), { json: patch }),
      cancel: (id: string, simulationCancelReasonId: number, cancelComments?: string) =>
        json<Result<undefined>>('DELETE', simulation(id), { json: { simulationCancelReasonId, ...(cancelComments ? { cancelComments } : {}) } }),
      messages: (id: string) => json<Api.MessageList>('GET', simulation(id, '/message')),
      sendMessage: (id: string, messageText: string) => json<Result<{ messageUniqueID: string }>>('POST', simulation(id, '/message'), { json: { messageText } }),
      esis: (id: string) => pdf(simulation(id, '/esis')),
      emailEsis: (id: string, email: string) => json<Result<Api.EsisEmailResult>>('GET', simulation(id, '/esis/email'), { query: { email } }),
    },

    processes: {
      create: (simulationUniqueId: string) => json<Result<{ processUniqueID: string; processNumber: number }>>('POST', '/v1/processes', { json: { simulationUniqueId } }),
      detail: (id: string) => json<Api.ProcessDetail>('GET', process(id)),
      submit: (id: string) => json<Result<{ processUniqueID: string; processStatusId: number; processStatusDescription: string }>>('POST', process(id, '/submit')),
      cancel: (id: string, proposalCancelReasonId: number, cancelComments?: string) =>
        json<Result<undefined>>('DELETE', process(id), { json: { proposalCancelReasonId, ...(cancelComments ? { cancelComments } : {}) } }),
      messages: (id: string) => json<Api.MessageList>('GET', process(id, '/message')),
      sendMessage: (id: string, messageText: string) => json<Result<{ messageUniqueID: string }>>('POST', process(id, '/message'), { json: { messageText } }),
      esis: (id: string) => pdf(process(id, '/esis')),
      emailEsis: (id: string, email?: string) => json<Result<Api.EsisEmailResult>>('GET', process(id, '/esis/email'), { query: { email } }),
      properties: (id: string) => json<{ propertyList: Api.Property[] }>('GET', process(id, '/property')),
      updateProperty: (id: string, propertyUniqueId: string, patch: Record<string, unknown>) =>
        json<Result<undefined>>('PUT', process(id, `/property/${propertyUniqueId}`), { json: patch }),
    },

    borrowers: {
      list: (processId: string) => json<{ borrowerList: Api.BorrowerListItem[] }>('GET', process(processId, '/borrower')),
      get: (processId: string, borrowerId: string) => json<Api.Borrower>('GET', process(processId, `/borrower/${borrowerId}`)),
      create: (processId: string, borrower: Api.BorrowerRequest) => json<Result<{ borrowerUniqueID: string }>>('POST', process(processId, '/borrower'), { json: borrower }),
      update: (processId: string, borrowerId: string, borrower: Api.BorrowerRequest) =>
        json<Result<undefined>>('PUT', process(processId, `/borrower/${borrowerId}`), { json: borrower }),
      remove: (processId: string, borrowerId: string) => json<Result<undefined>>('DELETE', process(processId, `/borrower/${borrowerId}`)),
    },

    documents: {
      list: (processId: string) => json<{ documentList: Api.ProcessDocument[] }>('GET', process(processId, '/document')),
      get: (processId: string, documentId: string) => json<Api.ProcessDocument>('GET', process(processId, `/document/${documentId}`)),
      upload: (processId: string, upload: DocumentUpload) => json<Result<{ documentUniqueID: string }>>('POST', process(processId, '/document'), { form: form(upload) }),
      remove: (processId: string, documentId: string) => json<Result<undefined>>('DELETE', process(processId, `/document/${documentId}`)),
    },

    callbacks: {
      update: (partner: string, notificationType: number, callbackUrl: string) =>
        json<Result<Api.CallbackUpdateResult>>('PUT', callbacks(partner, notificationType), { json: { callbackUrl } }),
      list: (partner: string) => json<{ callbackList: Api.CallbackConfiguration[] }>('GET', callbacks(partner)),
      remove: (partner: string, notificationType: number) => json<Result<undefined>>('DELETE', callbacks(partner, notificationType)),
      echo: (partner: string, notificationTypeID: number, body: Api.EchoRequest) =>
        json<Result<{ notificationId: string }>>('POST', `/v1/callbacks/echo/${encodeURIComponent(partner)}/${notificationTypeID}`, { json: body }),
    },
  }
}

export type PartnerClient = ReturnType<typeof createPartnerClient>
