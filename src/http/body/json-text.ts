import type { MiddlewareHandler } from 'hono'
import { ApiError, type Problem } from '../../common/api-error.ts'
import type { AppEnv } from '../router/app-env.ts'
import { declaresUtf8, mediaOf } from './body-limit.ts'
import { held } from '../fair-share/fair-share.ts'
import { keepParsedJson } from './json-body.ts'
import { jsonStructureProblem } from './json-structure.ts'
import { jsonTextScan } from './json-text-structure.ts'
import { text } from '../../common/problems.ts'

/** After the I/O and timers waiting: the loop's other work goes first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

// JSON strings carry a control character only as an escape: a body without one of these needs no walk.
const MAYBE_CONTROL = /\\(?:u00[01][0-9a-fA-F]|[bfnr])/
// C0 controls but tab, line feed and carriage return: refused in every text field.
const ALWAYS_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/
const LINE_BREAK = /[\n\r]/
// Free-text fields, where a line break makes sense (a message, a description, notes).
const FREE_TEXT_FIELD = /(text|description|message|observation|note|comment)s?$/i
const CONTROL_CHARACTERS = text(
  'O valor do campo {field} contém caracteres de controlo (só a tabulação, e a mudança de linha em texto livre, são aceites).',
  'The value of field {field} holds control characters (only tab, and line breaks in free text, are accepted).',
)

function controlCharacterProblems(value: unknown, path: string[], problems: Problem[]): void {
  if (typeof value === 'string') {
    const field = path.join('.') || 'body'
    const last = path.at(-1) ?? ''
    const refused = ALWAYS_REFUSED.test(value) || (LINE_BREAK.test(value) && !FREE_TEXT_FIELD.test(last))
    if (refused) {
      problems.push({ key: 'INVALID_VALUE', field, message: CONTROL_CHARACTERS })
    }
  } else if (Array.isArray(value)) value.forEach((item, i) => controlCharacterProblems(item, [...path, String(i)], problems))
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) controlCharacterProblems(item, [...path, key], problems)
  }
}

/**
 * The problems of text fields with control characters in a value already parsed (a form's fields,
 * read by the console): the rule the JSON guard below applies to every JSON body.
 */
export function textProblems(value: Record<string, unknown>): Problem[] {
  const problems: Problem[] = []
  controlCharacterProblems(value, [], problems)
  return problems
}

/**
 * What a JSON body may be (docs/design.md "Conventions"): UTF-8 (a declared charset must say so:
 * 415 otherwise), at most MAX_JSON_DEPTH levels deep and MAX_JSON_VALUES values (400 naming the
 * body), and text fields without control characters (400 naming each field). Checked once, right
 * after the body limit and before any route, validator or walker reads the body; the parsed value is
 * handed on to `jsonBody()`, so the operations that read it that way parse it once, as before.
 */
export function jsonTextGuard(): MiddlewareHandler<AppEnv> {
  return async function jsonTextCheck(c, next) {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
    const contentType = c.req.header('content-type')
    if (mediaOf(contentType) !== 'json') return next()
    if (!declaresUtf8(contentType!)) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type', params: { detail: `${contentType} (JSON bodies are UTF-8)` } })
    }
    // The client's bytes: a slow client's request waits, and shares none of the loop's time meanwhile.
    const body = await held(c, c.req.text())
    // Read from the text before JSON.parse builds it: a body past a limit is refused unbuilt. A long
    // one a slice at a time, the other requests served between two: a 1 MB body never holds the loop
    // more than about a millisecond at once.
    const scan = jsonTextScan(body)
    let step = scan.next()
    while (!step.done) {
      await nextTurn()
      step = scan.next()
    }
    const structure = step.value
    // Not JSON: the route's own reader answers it (400, 010109), after its path is checked.
    if (structure === 'malformed') return next()
    if (typeof structure === 'object') throw new ApiError(structure.key, structure)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return next()
    }
    const tooComplex = structure === 'walk' ? jsonStructureProblem(parsed) : null
    if (tooComplex) throw new ApiError(tooComplex.key, tooComplex)
    if (MAYBE_CONTROL.test(body)) {
      const problems: Problem[] = []
      controlCharacterProblems(parsed, [], problems)
      if (problems.length > 0) throw ApiError.validation(problems)
    }
    keepParsedJson(c, parsed)
    return next()
  }
}
