import { readFileSync } from 'node:fs'
import { expandPactSources } from './static-check.ts'
import type { VerifyOptions } from './verify-options.ts'

type ProviderState = { name: string; params?: Record<string, unknown> }

/** A message interaction as its pact writes it: what the verifier does not pass on to its provider. */
export interface ExpectedMessage {
  description: string
  providerStates: ProviderState[]
  metadata: Record<string, unknown>
}

type Json = Record<string, any>

/** The message interactions of a pact: V3 `messages`, V4 asynchronous messages (a V4 file mixes them with HTTP ones). */
export function messagesOfPact(pact: Json): ExpectedMessage[] {
  const v3 = Array.isArray(pact.messages) ? pact.messages : []
  const v4 = Array.isArray(pact.interactions) ? pact.interactions.filter((i: Json) => i?.type === 'Asynchronous/Messages') : []
  return [...v3, ...v4].map((m: Json) => ({
    description: String(m.description ?? ''),
    providerStates: Array.isArray(m.providerStates) ? m.providerStates : m.providerState ? [{ name: m.providerState }] : [],
    metadata: typeof m.metadata === 'object' && m.metadata !== null ? m.metadata : {},
  }))
}

const authorization = (options: Pick<VerifyOptions, 'brokerToken' | 'brokerUsername' | 'brokerPassword'>): Record<string, string> =>
  options.brokerToken
    ? { Authorization: `Bearer ${options.brokerToken}` }
    : options.brokerUsername && options.brokerPassword
      ? { Authorization: `Basic ${Buffer.from(`${options.brokerUsername}:${options.brokerPassword}`).toString('base64')}` }
      : {}

async function fetchJson(url: string, headers: Record<string, string>, init: { method?: string; body?: unknown } = {}): Promise<Json> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Accept: 'application/hal+json, application/json', ...headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`)
  return (await res.json()) as Json
}

/** The pacts a broker gives this provider for verification, by the same selection `verify` passes the verifier. */
async function brokerPacts(options: VerifyOptions, headers: Record<string, string>): Promise<Json[]> {
  const base = options.brokerUrl!.replace(/\/$/, '')
  const selection = await fetchJson(`${base}/pacts/provider/${encodeURIComponent(options.provider)}/for-verification`, headers, {
    method: 'POST',
    body: {
      ...(options.consumerVersionSelectors ? { consumerVersionSelectors: options.consumerVersionSelectors } : {}),
      ...(options.consumerVersionTags.length ? { consumerVersionTags: options.consumerVersionTags } : {}),
      ...(!options.consumerVersionSelectors && !options.consumerVersionTags.length ? { consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }] } : {}),
      includePendingStatus: options.enablePending,
      ...(options.includeWipPactsSince ? { includeWipPactsSince: options.includeWipPactsSince } : {}),
    },
  })
  const links: string[] = (selection._embedded?.pacts ?? []).map((p: Json) => p._links?.self?.href).filter((href: unknown): href is string => typeof href === 'string')
  return Promise.all(links.map((href) => fetchJson(href, headers)))
}

/**
 * The message interactions of every pact the run verifies, read before it starts: the Pact verifier
 * hands a message provider only the message's description and provider states, and the kind of
 * notification a message expects may be named by its metadata. A source that cannot be read here
 * leaves its messages to their descriptions (the verifier reports the source itself).
 */
export async function expectedMessages(options: VerifyOptions): Promise<ExpectedMessage[]> {
  const headers = authorization(options)
  const found: ExpectedMessage[] = []
  for (const source of expandPactSources(options.pacts)) {
    try {
      const pact = /^https?:\/\//i.test(source) ? await fetchJson(source, headers) : (JSON.parse(readFileSync(source, 'utf8')) as Json)
      found.push(...messagesOfPact(pact))
    } catch {
      // Unreadable here: the verifier says why.
    }
  }
  if (options.brokerUrl) {
    try {
      for (const pact of await brokerPacts(options, headers)) found.push(...messagesOfPact(pact))
    } catch {
      // The broker's selection is the verifier's to report.
    }
  }
  return found
}

const canonical = (params: Record<string, unknown> = {}) => JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
const sameStates = (a: readonly ProviderState[], b: readonly ProviderState[]) =>
  a.length === b.length && a.every((state, i) => state.name === b[i]!.name && canonical(state.params) === canonical(b[i]!.params))

/** The metadata the pact gives a message the verifier asks for: same description, and the same states when several share it. */
export function metadataOf(messages: readonly ExpectedMessage[], asked: { description: string; providerStates?: ProviderState[] }): Record<string, unknown> | undefined {
  const named = messages.filter(({ description }) => description === asked.description)
  return (named.find((m) => sameStates(m.providerStates, asked.providerStates ?? [])) ?? named[0])?.metadata
}
