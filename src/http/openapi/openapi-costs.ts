import { operationCost, type OperationCost } from '../fair-share/operation-costs.ts'

/**
 * Each operation's cost in a hosted sandbox's fair share, where a partner reads the API: the
 * `x-sandbox-cost` extension of every operation (`tokens`, `typicalMs`, and where they apply
 * `renderMs` and `varies`: fair-share/operation-costs.ts) and a sentence at the end of its
 * description, with a paragraph on the budgets in the document's own description.
 */

type Json = Record<string, any>

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch'])

/** What the document's description says of the budgets once, for every operation's figures. */
export const COSTS_PARAGRAPH = `**What requests cost (a hosted sandbox).** Each partner has a request budget: a token bucket of
\`RateLimit-Limit\` tokens a second (20 by default) and a burst (200). A request takes one token, and one more for each
millisecond of server time past its first; \`RateLimit-Remaining\` and \`RateLimit-Reset\` on every answer say what is left.
An ESIS PDF's render takes its render-thread time from a budget of its own (20 ms a second, 1,500 ms at once): a render
past it is refused, the partner's other requests are not. Each operation states its typical cost in \`x-sandbox-cost\`
(\`tokens\`, \`typicalMs\`, \`renderMs\`, \`varies\`, \`note\`) and at the end of its description. A 429 (010604) says which
budget was spent, on how many requests, and when to retry (\`Retry-After\`). A local sandbox has no budgets.`

/** The sentences an operation's description ends with. */
export function costSentence(cost: OperationCost): string {
  const note = cost.note ? ` ${cost.note}.` : ''
  if (cost.tokens === 0) return `**Cost** (hosted sandbox): none of the partner's request budget.${note}`
  const tokens = cost.tokens === 1 ? '1 token' : `about ${cost.tokens} tokens`
  const time = cost.typicalMs <= 1 ? '1 ms of server time or less' : `about ${cost.typicalMs} ms of server time`
  const render = cost.renderMs === undefined ? '' : ` and about ${cost.renderMs} ms of its ESIS render budget`
  const varies = cost.varies ? ` It varies with ${cost.varies}.` : ''
  return `**Cost** (hosted sandbox): ${tokens} of the partner's request budget (${time})${render}.${varies}${note}`
}

/** Partner routes take the fair share once their token is checked; the rest (health, login, sign-up, the operator's) do not. */
const counted = (operation: Json) => (operation.security ?? []).some((s: Json) => 'bearerAuth' in s)

/** The document with each operation's cost declared (a copy; the argument is left as it is). */
export function declareCosts(source: Json): Json {
  const document: Json = JSON.parse(JSON.stringify(source))
  if (document.info) document.info.description = `${document.info.description ?? ''}\n\n${COSTS_PARAGRAPH}`.trimStart()
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, Json][]) {
    for (const [method, operation] of Object.entries(item) as [string, Json][]) {
      if (!METHODS.has(method)) continue
      const cost = operationCost(method, path, counted(operation))
      operation['x-sandbox-cost'] = { ...cost }
      operation.description = `${operation.description ? `${operation.description}\n\n` : ''}${costSentence(cost)}`
    }
  }
  return document
}
