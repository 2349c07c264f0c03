import { Hono, type Context } from 'hono'
import { readFileSync } from 'node:fs'
import type { TrustProxy } from '../../platform/config.ts'
import { wayIn as wayInOf, type WayIn } from '../../common/way-in.ts'
import { fromRoot } from '../../platform/package-root.ts'
import type { AppEnv } from '../router/app-env.ts'
import { viaTrustedProxy } from '../node-adapter/index.ts'
import { declareCosts } from './openapi-costs.ts'
import { declareHeaders } from './openapi-headers.ts'
import { splitOpenApi, type DocumentHead } from './openapi-split.ts'

type Json = Record<string, any>

/** Where a sandbox on a partner's machine listens by default: the servers of the committed copies. */
export const LOCAL_SERVER = { url: 'http://localhost:8080', description: 'A sandbox on your machine (npm start)' }

export interface ApiDocumentOptions {
  /** The app's whole generated document (both APIs), built on first use. */
  whole: () => Json
  heads: { bank: DocumentHead; sandbox: DocumentHead }
  /** The scenario names X-Sandbox-Scenario takes (the bank's document declares it on request). */
  scenarios: readonly string[]
}

export interface ApiDocuments {
  bank: Json
  sandbox: Json
  /** The bank's document with the sandbox's X-Sandbox-Scenario header declared on its operations. */
  bankWithScenarios: Json
}

/** The two documents, headers declared, servers the local default (the committed copies). Built once. */
export function apiDocuments(options: ApiDocumentOptions): () => ApiDocuments {
  let built: ApiDocuments | undefined
  return () => {
    if (built) return built
    const split = splitOpenApi({ ...options.whole(), servers: [LOCAL_SERVER] }, options.heads)
    // Each operation's cost in the fair share (openapi-costs.ts), then the headers every operation shares.
    const bank = declareCosts(split.bank)
    built = { bank: declareHeaders(bank), sandbox: declareHeaders(declareCosts(split.sandbox)), bankWithScenarios: declareHeaders(bank, { scenarios: options.scenarios }) }
    return built
  }
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/**
 * The origin the client asked: the request's own, or behind a proxy the operator trusts
 * (SANDBOX_TRUST_PROXY) its X-Forwarded-Host and X-Forwarded-Proto. A forwarded value that is not
 * a plain host or scheme is ignored: it would be written into a document a generator reads.
 */
export function servingOrigin(c: Context, trustProxy: TrustProxy): string {
  const own = new URL(c.req.url)
  if (!viaTrustedProxy(c, trustProxy)) return own.origin
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const scheme = proto === 'http' || proto === 'https' ? proto : own.protocol.slice(0, -1)
  return `${scheme}://${host && HOST.test(host) ? host : own.host}`
}

/** The servers a served document names: the hosted sandbox's public address when set, then the host asked. */
function serversFor(origin: string, publicUrl: string | undefined): Array<{ url: string; description: string }> {
  const servers: Array<{ url: string; description: string }> = publicUrl ? [{ url: publicUrl, description: 'The hosted sandbox' }] : []
  if (origin !== publicUrl) servers.push({ url: origin, description: 'This sandbox (the host this document was asked on)' })
  return servers
}

/** A collection whose baseUrl is the host that served it. */
function withBaseUrl(collection: Json, origin: string): Json {
  return { ...collection, variable: (collection.variable ?? []).map((v: Json) => (v.key === 'baseUrl' ? { ...v, value: origin } : v)) }
}

/** The way in the committed collections are generated with (scripts/postman-collection.ts): the demo identities'. */
export const COLLECTIONS_WAY_IN = wayInOf({ demoIdentities: true, signup: 'open' })

/**
 * A committed collection told this sandbox's way in: where the demo identities are off, its
 * credentials paragraph names sign-up and its `username` and `password` are left for the partner.
 */
function withWayIn(collection: Json, way: WayIn): Json {
  if (way.demoIdentities) return collection
  const credentials = new Set(['username', 'password'])
  return {
    ...collection,
    info: { ...collection.info, description: String(collection.info?.description ?? '').replace(COLLECTIONS_WAY_IN.postman, way.postman) },
    variable: (collection.variable ?? []).map((v: Json) => (credentials.has(v.key) ? { ...v, value: way.postmanFillsCredentials ? way.example[v.key as 'username'] : '' } : v)),
  }
}

export interface DocumentRoutesOptions {
  documents: () => ApiDocuments
  /** The callbacks' AsyncAPI document naming these servers (built by the callbacks, which this layer does not import). */
  asyncApi: (servers: Array<{ url: string; description: string }>) => Json
  trustProxy: TrustProxy
  publicUrl: string | undefined
  wayIn: WayIn
}

/**
 * The API's documents, anonymous: the bank's OpenAPI document (`?scenarios=true` adds the sandbox's
 * X-Sandbox-Scenario header to it), the sandbox's own, the callbacks' AsyncAPI document, and a Postman
 * collection for each OpenAPI one (written at build time by `npm run openapi`), each naming the host it
 * was asked on (and the hosted sandbox's public address when set).
 */
export function documentRoutes(options: DocumentRoutesOptions) {
  const collections = new Map<string, Json>()
  const collection = (file: string) => {
    let found = collections.get(file)
    if (!found) collections.set(file, (found = withWayIn(JSON.parse(readFileSync(fromRoot('contracts', file), 'utf8')) as Json, options.wayIn)))
    return found
  }
  const origin = (c: Context) => servingOrigin(c, options.trustProxy)
  const document = (c: Context, chosen: Json) => c.json({ ...chosen, servers: serversFor(origin(c), options.publicUrl) })
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      const { bank, bankWithScenarios } = options.documents()
      return document(c, c.req.query('scenarios') === 'true' ? bankWithScenarios : bank)
    })
    .get('/openapi/sandbox.json', (c) => document(c, options.documents().sandbox))
    .get('/asyncapi.json', (c) => c.json(options.asyncApi(serversFor(origin(c), options.publicUrl))))
    .get('/postman.json', (c) => c.json(withBaseUrl(collection('postman.json'), origin(c))))
    .get('/postman/sandbox.json', (c) => c.json(withBaseUrl(collection('postman-sandbox.json'), origin(c))))
}
