/**
 * What each operation typically costs a partner of a hosted sandbox, as the documents (the
 * `x-sandbox-cost` extension and a sentence of each operation's description: openapi/openapi-costs.ts)
 * and the console's account page state it. The fair share measures every request (fair-share.ts);
 * these are the figures a client can plan with, measured on the reference machine (docs/performance.md):
 *
 * - `tokens`: the tokens of the partner's request budget the operation typically takes: one for the
 *   request, and one more for each millisecond of server time past its first;
 * - `typicalMs`: its typical server time on the event loop, rounded up to a whole millisecond (1: a
 *   millisecond or less);
 * - `renderMs`: an ESIS's render-thread time, taken from the partner's render budget instead;
 * - `varies`: what its cost varies with, where its input decides it;
 * - `note`: a sentence on why it costs what it does, where the rule above does not say.
 *
 * Operations outside the fair share (health, a login, sign-up, the operator's) cost 0 tokens; the
 * sandbox's own traffic (sandbox-traffic.ts) too, within its own allowance.
 */
export interface OperationCost {
  tokens: number
  typicalMs: number
  renderMs?: number
  varies?: string
  note?: string
}

/** Most operations: a millisecond of server time or less, one token. */
export const ORDINARY_COST: OperationCost = { tokens: 1, typicalMs: 1 }

/** An operation the fair share does not count. */
export const UNCOUNTED_COST: OperationCost = { tokens: 0, typicalMs: 1 }

const JSON_BODY = 'its JSON body (0.5 token a KB is held while the body is read, and given back as it turns out cheaper; tens of thousands of unknown keys cost hundreds of tokens)'
const UPLOAD = "the file's size (10 tokens a MB, its writes to the disk being off the event loop: about 100 for the largest, 10 MiB)"
const PAGE = 'the page (`lineCount` records, and their size)'
const ESIS = { tokens: 2, typicalMs: 2, renderMs: 85, varies: "the loan's term (the render of a 480-month loan's 11 pages takes about 85 ms, a shorter loan's less)" }
/** An operation whose cost follows its JSON body, or the page it answers: a token, more for a large one. */
const BY_BODY: OperationCost = { tokens: 1, typicalMs: 1, varies: JSON_BODY }
const BY_PAGE: OperationCost = { tokens: 1, typicalMs: 1, varies: PAGE }
const BY_FILE: OperationCost = { tokens: 11, typicalMs: 2, varies: UPLOAD }
const ESIS_MAIL = { tokens: 2, typicalMs: 2, renderMs: 85, varies: ESIS.varies, note: "The e-mail counts against the partner's e-mails a day" }

/** The operations that cost more than the ordinary, or nothing, by method and OpenAPI path. */
const COSTS: Record<string, OperationCost> = {
  'GET /v1/taxonomy/county-with-parishes': { tokens: 6, typicalMs: 6, note: 'The whole tree of counties and their 3,000 parishes' },
  'GET /v1/taxonomy/parishes': { tokens: 3, typicalMs: 3, note: 'Every parish, 3,000 of them' },
  'GET /v1/simulations': BY_PAGE,
  'POST /v1/simulations': BY_BODY,
  'POST /v1/simulations/validate': BY_BODY,
  'PATCH /v1/simulations/{simulationUniqueId}': BY_BODY,
  'GET /v1/simulations/{simulationUniqueId}/esis': ESIS,
  'GET /v1/simulations/{simulationUniqueId}/esis/email': ESIS_MAIL,
  'GET /v1/processes': BY_PAGE,
  'PUT /v1/processes/{processUniqueId}': BY_BODY,
  'POST /v1/processes/{processUniqueId}/borrower': BY_BODY,
  'PUT /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': BY_BODY,
  'PUT /v1/processes/{processUniqueId}/property/{propertyUniqueId}': BY_BODY,
  'POST /v1/processes/{processUniqueId}/document': BY_FILE,
  'PUT /v1/processes/{processUniqueId}/document/{documentUniqueId}': BY_FILE,
  'GET /v1/processes/{processUniqueId}/esis': ESIS,
  'GET /v1/processes/{processUniqueId}/esis/email': ESIS_MAIL,
  'GET /sandbox/requests': { tokens: 2, typicalMs: 2, varies: PAGE },
  'GET /sandbox/deliveries': BY_PAGE,
  'GET /sandbox/mailbox': BY_PAGE,
  'GET /sandbox/account/audit': BY_PAGE,
  'GET /sandbox/test-data/borrowers': { tokens: 1, typicalMs: 1, varies: '`count`, the borrowers asked for' },
  'GET /sandbox/listen': { tokens: 1, typicalMs: 1, note: 'Counted once: an open stream takes no server time while it waits' },
  'POST /sandbox/listen/{listenerId}/attempts': {
    tokens: 0,
    typicalMs: 1,
    note: "The sandbox's own traffic: an allowance of its own (a quarter of the partner's rate) pays for it",
  },
  'POST /sandbox/clock/advance': { tokens: 1, typicalMs: 1, varies: 'the jobs and deliveries that fall due within the advance' },
  'POST /sandbox/reset': { tokens: 2, typicalMs: 2, varies: "the partner's data it deletes" },
}

/** An operation's cost by its method and OpenAPI path, given whether the fair share counts it at all. */
export function operationCost(method: string, path: string, counted: boolean): OperationCost {
  const listed = COSTS[`${method.toUpperCase()} ${path}`]
  if (listed) return listed
  return counted ? ORDINARY_COST : UNCOUNTED_COST
}

/** The operations listed for costing more than the ordinary, costliest first: the console shows them. */
export function costlyOperations(): Array<{ operation: string; cost: OperationCost }> {
  return Object.entries(COSTS)
    .filter(([, cost]) => cost.tokens > 1 || cost.renderMs !== undefined)
    .map(([operation, cost]) => ({ operation, cost }))
    .sort((a, b) => b.cost.tokens - a.cost.tokens || (b.cost.renderMs ?? 0) - (a.cost.renderMs ?? 0))
}
