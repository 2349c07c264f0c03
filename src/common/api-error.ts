import { ERRORS, type ErrorKey } from './error-catalogue.ts'
import { interpolate, type Lang, type LocalizedText } from './language.ts'

/** One problem of a request: a catalogue entry, the input field concerned, the message's values. */
export interface Problem {
  key: ErrorKey
  field: string
  params?: Record<string, string | number>
  /** A message computed elsewhere (for example the engine's localized reasons), used as is. */
  message?: LocalizedText
}

/**
 * An error meant for the client: rendered as the error body with the catalogue's status.
 * Anything else thrown is a bug and becomes a 500 (see error-handler.ts).
 * @example throw new ApiError('NOT_FOUND', { field: 'simulationUniqueId', params: { resource: 'simulation', id } })
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly key: ErrorKey
  readonly problems: Problem[]
  readonly headers: Record<string, string>

  constructor(key: ErrorKey, problem: Omit<Problem, 'key'> = { field: '' }, headers: Record<string, string> = {}) {
    // A client's mistake, not the server's: no stack trace (capturing one was a tenth of the cost of
    // a refusal, and a flood of refused requests must stay cheap; docs/design.md "Partners").
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(`${ERRORS[key].code} ${interpolate(ERRORS[key].message.en, { field: problem.field, ...problem.params })}`)
    Error.stackTraceLimit = stackTraceLimit
    this.key = key
    this.problems = [{ key, ...problem }]
    this.headers = headers
  }

  /** A 400 listing every problem found in the input. */
  static validation(problems: Problem[]): ApiError {
    const error = new ApiError('VALIDATION_FAILED')
    ;(error as { problems: Problem[] }).problems = problems
    return error
  }

  get status() {
    return ERRORS[this.key].status
  }
}

export interface ErrorItem {
  errorCode: string
  errorMessage: string
  errorField: string
}

export interface ErrorBody {
  operationStatus: { operationStatusCode: string; operationStatusMessage: string }
  errors: ErrorItem[]
}

/** The resources a problem may name (`params.resource`), in each language. */
const RESOURCE_NAMES: Record<string, Record<Lang, string>> = {
  simulation: { 'pt-PT': 'simulação', en: 'simulation' },
  process: { 'pt-PT': 'processo', en: 'process' },
  document: { 'pt-PT': 'documento', en: 'document' },
  property: { 'pt-PT': 'imóvel', en: 'property' },
  borrower: { 'pt-PT': 'titular', en: 'borrower' },
  message: { 'pt-PT': 'mensagem', en: 'message' },
  notification: { 'pt-PT': 'notificação', en: 'notification' },
  partner: { 'pt-PT': 'parceiro', en: 'partner' },
  broker: { 'pt-PT': 'mediador', en: 'broker' },
  user: { 'pt-PT': 'utilizador', en: 'user' },
  scenario: { 'pt-PT': 'cenário', en: 'scenario' },
}

export function renderProblem(problem: Problem, lang: Lang): ErrorItem {
  const definition = ERRORS[problem.key]
  const template = problem.message?.[lang] ?? definition.message[lang]
  const resource = problem.params?.resource
  const params = resource === undefined ? problem.params : { ...problem.params, resource: RESOURCE_NAMES[resource]?.[lang] ?? resource }
  return {
    errorCode: definition.code,
    errorMessage: interpolate(template, { field: problem.field, ...params }),
    errorField: problem.field,
  }
}

/** The most items an answer's `errors` lists (docs/design.md "Conventions"). */
export const MAX_LISTED_ERRORS = 100

/**
 * The items of an answer's `errors`, one per problem, at most MAX_LISTED_ERRORS: past it, the first
 * ones and a last item (010114) counting those left out. A body with thousands of wrong fields would
 * otherwise answer megabytes, one error per field.
 */
export function renderProblems(problems: readonly Problem[], lang: Lang): ErrorItem[] {
  if (problems.length <= MAX_LISTED_ERRORS) return problems.map((p) => renderProblem(p, lang))
  const listed = problems.slice(0, MAX_LISTED_ERRORS - 1).map((p) => renderProblem(p, lang))
  listed.push(renderProblem({ key: 'PROBLEMS_LEFT_OUT', field: 'body', params: { count: problems.length - listed.length, limit: MAX_LISTED_ERRORS } }, lang))
  return listed
}

/** The error body of docs/design.md "Conventions": the status of the whole operation plus one item per problem. */
export function renderError(error: ApiError, lang: Lang): ErrorBody {
  const errors = renderProblems(error.problems, lang)
  const head = error.key === 'VALIDATION_FAILED' ? undefined : errors[0]
  return {
    operationStatus: {
      operationStatusCode: ERRORS[error.key].code,
      operationStatusMessage: head?.errorMessage ?? ERRORS.VALIDATION_FAILED.message[lang],
    },
    errors,
  }
}
