/**
 * The app's one generated document cut in two (docs/decisions/1082-two-openapi-documents.md): the
 * bank's API (every path outside /sandbox, and the webhooks) and the sandbox's own API (everything
 * under /sandbox). Each keeps only the components and tags its operations reach, so a client
 * generated from the bank's document carries the bank's operations and types, nothing else.
 */

type Json = Record<string, any>

export interface DocumentHead {
  title: string
  description: string
}

const SANDBOX_PREFIX = '/sandbox'

export const isSandboxPath = (path: string) => path === SANDBOX_PREFIX || path.startsWith(`${SANDBOX_PREFIX}/`)

/** The `#/components/<kind>/<name>` references anywhere in a value. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into)
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) into.add(item)
      else collectRefs(item, into)
    }
  }
}

/** The security schemes the operations name. */
function securitySchemesOf(operations: Json[]): Set<string> {
  const names = new Set<string>()
  for (const operation of operations) for (const requirement of operation.security ?? []) for (const name of Object.keys(requirement)) names.add(name)
  return names
}

/** The components the rest of the document reaches, followed through the components themselves. */
function reachableComponents(components: Json, roots: unknown, schemes: Set<string>): Json {
  const seen = new Set<string>()
  const pending = new Set<string>()
  collectRefs(roots, pending)
  while (pending.size > 0) {
    const [ref] = pending
    pending.delete(ref!)
    if (seen.has(ref!)) continue
    seen.add(ref!)
    const [, , kind, name] = ref!.split('/')
    collectRefs(components[kind!]?.[decodeURIComponent(name!)], pending)
  }
  const kept: Json = {}
  for (const [kind, entries] of Object.entries(components)) {
    const names = Object.keys(entries as Json).filter((name) => (kind === 'securitySchemes' ? schemes.has(name) : seen.has(`#/components/${kind}/${name}`)))
    if (names.length > 0) kept[kind] = Object.fromEntries(names.map((name) => [name, (entries as Json)[name]]))
  }
  return kept
}

function part(full: Json, paths: Json, webhooks: Json | undefined, head: DocumentHead): Json {
  const operations = [...Object.values(paths), ...Object.values(webhooks ?? {})].flatMap((item) => Object.values(item as Json)) as Json[]
  const tagsUsed = new Set(operations.flatMap((operation) => operation.tags ?? []))
  const roots = { paths, webhooks }
  const document: Json = {
    openapi: full.openapi,
    info: { ...full.info, title: head.title, description: head.description },
    ...(full.servers ? { servers: full.servers } : {}),
    tags: (full.tags ?? []).filter((tag: Json) => tagsUsed.has(tag.name)),
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: reachableComponents(full.components ?? {}, roots, securitySchemesOf(operations)),
  }
  return JSON.parse(JSON.stringify(document))
}

/** The bank's document and the sandbox's, from the app's whole one (which is left as it is). */
export function splitOpenApi(full: Json, heads: { bank: DocumentHead; sandbox: DocumentHead }): { bank: Json; sandbox: Json } {
  const entries = Object.entries(full.paths ?? {})
  const bankPaths = Object.fromEntries(entries.filter(([path]) => !isSandboxPath(path)))
  const sandboxPaths = Object.fromEntries(entries.filter(([path]) => isSandboxPath(path)))
  return {
    bank: part(full, bankPaths, full.webhooks, heads.bank),
    sandbox: part(full, sandboxPaths, undefined, heads.sandbox),
  }
}
