/**
 * The architecture rules of test/architecture.test.ts, as pure functions over an in-memory picture of
 * the repository (so the rules can be tried on small synthetic trees as well as on the real one).
 * Each rule returns its offenders, one readable line each: an empty list means the rule holds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'

/** What the rules read: repository-relative POSIX paths. */
export interface RepoSnapshot {
  /** Every file under src/, docs/, test/, bench/ and scripts/, and README.md, CONTRIBUTING.md and CHANGELOG.md, with its text. */
  readonly files: ReadonlyMap<string, string>
  /** Every folder under those, and every top-level folder of the repository. */
  readonly folders: ReadonlySet<string>
}

/** One import of a src/ file by another (import, import type, export … from, import('…')). */
export interface ImportEdge {
  readonly from: string
  readonly to: string
}

// Build output, installed packages and local state: not folders of the project's own.
const NOT_PROJECT_FOLDERS = new Set(['node_modules', 'dist', 'data', 'coverage'])

/** Reads the repository at `root` once; the rules then run on memory only. */
export function readRepo(root: string): RepoSnapshot {
  const files = new Map<string, string>()
  const folders = new Set<string>()
  const walk = (dir: string): void => {
    folders.add(dir)
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) files.set(path, readFileSync(join(root, path), 'utf8'))
    }
  }
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.') && !NOT_PROJECT_FOLDERS.has(entry.name)) folders.add(entry.name)
  }
  for (const dir of ['src', 'docs', 'test', 'bench', 'scripts']) if (existsSync(join(root, dir))) walk(dir)
  for (const file of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md']) {
    if (existsSync(join(root, file))) files.set(file, readFileSync(join(root, file), 'utf8'))
  }
  return { files, folders }
}

/** A synthetic repository: the given files, their folders, and any extra (empty) folders. */
export function snapshotOf(files: Record<string, string>, extraFolders: string[] = []): RepoSnapshot {
  const folders = new Set(extraFolders)
  for (const path of Object.keys(files)) {
    for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) folders.add(dir)
  }
  return { files: new Map(Object.entries(files)), folders }
}

export const isSource = (path: string): boolean => path.startsWith('src/') && path.endsWith('.ts')

/** A relative specifier → the src/ file it names; bare packages ('hono', 'node:fs') → undefined. */
function resolveImport(repo: RepoSnapshot, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const path = posix.normalize(posix.join(posix.dirname(from), specifier))
  const candidates = [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}/index.ts`]
  return candidates.find((candidate) => isSource(candidate) && repo.files.has(candidate))
}

const edgeCache = new WeakMap<RepoSnapshot, ImportEdge[]>()

/** The import graph among src/**\/*.ts, computed once per snapshot (four rules read it). */
export function importEdges(repo: RepoSnapshot): ImportEdge[] {
  const cached = edgeCache.get(repo)
  if (cached) return cached
  const edges: ImportEdge[] = []
  for (const from of [...repo.files.keys()].filter(isSource).sort()) {
    const text = repo.files.get(from)!
    // preProcessFile reads import type, export … from and import('…') too, and skips comments and strings.
    const targets = new Set<string>()
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const to = resolveImport(repo, from, fileName)
      if (to) targets.add(to)
    }
    for (const to of [...targets].sort()) edges.push({ from, to })
  }
  edgeCache.set(repo, edges)
  return edges
}

/** Strongly connected components (Tarjan) that form a cycle: 2+ files, or a file importing itself. */
export function cycles(nodes: Iterable<string>, edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>()
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) visit(to)
      if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, low.get(to)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || next.get(node)?.includes(node)) found.push(component.sort())
  }
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node)
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** The shortest way from `start` back to itself inside one component: a cycle to show. */
function shortestCycle(start: string, component: readonly string[], edges: readonly ImportEdge[]): string[] {
  const inside = new Set(component)
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!
    for (const { to } of edges.filter((edge) => edge.from === node && inside.has(edge.to))) {
      if (to === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start]
}

// Rule 1
export function findImportCycles(repo: RepoSnapshot): string[] {
  const edges = importEdges(repo)
  return cycles([...repo.files.keys()].filter(isSource), edges).map(
    (files) => `${files.length} file(s): ${files.join(', ')}\n    e.g. ${shortestCycle(files[0]!, files, edges).join(' → ')}`,
  )
}

/** 'src/modules/processes/borrowers/x.ts' → 'processes'; files outside a module folder → undefined. */
const moduleOf = (path: string): string | undefined => /^src\/modules\/([^/]+)\//.exec(path)?.[1]

// Rule 2
export function findBackDoorImports(repo: RepoSnapshot): string[] {
  return importEdges(repo).flatMap(({ from, to }) => {
    const target = moduleOf(to)
    if (target === undefined || moduleOf(from) === target) return []
    const frontDoor = `src/modules/${target}/index.ts`
    return to === frontDoor ? [] : [`${from} → ${to} (import ${frontDoor} instead)`]
  })
}

// The layers, by folder (docs/architecture.md "Layers"): the lower ones, and the top of the tree, what
// builds, serves and starts the app. src/ holds no other file than its one entry point.
const LOWER_LAYER_FOLDERS = ['src/domain/', 'src/common/', 'src/platform/', 'src/db/', 'src/http/', 'src/esis-pdf/']
const TOP_FOLDERS = ['src/app/', 'src/cli/']
export const ENTRY_POINT = 'src/cli.ts'
const isTop = (path: string) => path === ENTRY_POINT || TOP_FOLDERS.some((dir) => path.startsWith(dir))

// Rule 3: a lower layer that imports upwards; src/domain/ imports nothing but itself.
export function findUpwardImports(repo: RepoSnapshot): string[] {
  const isLower = (path: string) => LOWER_LAYER_FOLDERS.some((dir) => path.startsWith(dir))
  return importEdges(repo).flatMap(({ from, to }) => {
    if (!isLower(from)) return []
    if (to.startsWith('src/modules/')) return [`${from} → ${to} (a module)`]
    if (isTop(to)) return [`${from} → ${to} (the top of the tree)`]
    if (from.startsWith('src/platform/') && !to.startsWith('src/platform/')) return [`${from} → ${to} (src/platform/ imports only src/platform/)`]
    if (from.startsWith('src/domain/') && !to.startsWith('src/domain/')) return [`${from} → ${to} (src/domain/ imports only src/domain/)`]
    if (from.startsWith('src/common/') && !to.startsWith('src/common/') && !to.startsWith('src/domain/'))
      return [`${from} → ${to} (src/common/ imports only src/common/ and src/domain/)`]
    return []
  })
}

// The files of a module that speak HTTP: its routes, handlers, schemas (the OpenAPI contract), door,
// middleware and the console's pages. Its services and repositories take what they share from
// src/common/, so they can be called without a request (the job worker, the CLI, the tests).
const SPEAKS_HTTP = /(\.routes|\.handlers|\.schemas|\/index|-middleware)\.ts$/
const SPEAKS_HTTP_FOLDERS = ['src/modules/console/']

// Rule 3b
export function findTransportInServices(repo: RepoSnapshot): string[] {
  return importEdges(repo).flatMap(({ from, to }) => {
    if (!from.startsWith('src/modules/') || !to.startsWith('src/http/')) return []
    if (SPEAKS_HTTP.test(from) || SPEAKS_HTTP_FOLDERS.some((dir) => from.startsWith(dir))) return []
    return [`${from} → ${to} (a module's service, repository or rule file imports nothing of src/http/: move what it needs to src/common/)`]
  })
}

const COMPOSITION_ROOT = 'src/app/composition-root.ts'
// Only the assembly beside it: the app and the server.
const mayImportCompositionRoot = (path: string) => path.startsWith('src/app/')

// Rule 4
export function findCompositionRootImports(repo: RepoSnapshot): string[] {
  if (!repo.files.has(COMPOSITION_ROOT)) return [`${COMPOSITION_ROOT} is missing`]
  return importEdges(repo)
    .filter(({ from, to }) => to === COMPOSITION_ROOT && !mayImportCompositionRoot(from))
    .map(({ from }) => `${from} → ${COMPOSITION_ROOT}`)
}

/** Markdown headings outside fenced code (where `#` starts a shell comment), with their 0-based line. */

// Rule 7: the folders are the layers: no loose file in src/ but the entry point, none in src/http/ (its concerns are folders).
export function findLooseFiles(repo: RepoSnapshot): string[] {
  return [...repo.files.keys()]
    .filter((path) => isSource(path))
    .filter((path) => (/^src\/[^/]+$/.test(path) && path !== ENTRY_POINT) || /^src\/http\/[^/]+$/.test(path))
    .map((path) => `${path} (move it into the folder of its layer or concern)`)
}
