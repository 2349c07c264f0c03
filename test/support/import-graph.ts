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
  /** Every file under src/, docs/, test/, bench/ and scripts/, and README.md and CHANGELOG.md, with its text. */
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
  for (const file of ['README.md', 'CHANGELOG.md']) {
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

const isSource = (path: string): boolean => path.startsWith('src/') && path.endsWith('.ts')

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

const LOWER_LAYER_FOLDERS = ['src/domain/', 'src/common/', 'src/db/', 'src/http/', 'src/ids/', 'src/esis-pdf/']
const LOWER_LAYER_FILES = ['src/config.ts', 'src/clock.ts', 'src/package-root.ts']
// The top of the tree: what builds, serves and starts the app.
const TOP_FILES = ['src/composition-root.ts', 'src/app.ts', 'src/server.ts', 'src/cli.ts']

// Rule 3: a lower layer that imports upwards; src/domain/ imports nothing but itself.
export function findUpwardImports(repo: RepoSnapshot): string[] {
  const isLower = (path: string) => LOWER_LAYER_FILES.includes(path) || LOWER_LAYER_FOLDERS.some((dir) => path.startsWith(dir))
  return importEdges(repo).flatMap(({ from, to }) => {
    if (!isLower(from)) return []
    if (to.startsWith('src/modules/')) return [`${from} → ${to} (a module)`]
    if (TOP_FILES.includes(to)) return [`${from} → ${to} (the top of the tree)`]
    if (from.startsWith('src/domain/') && !to.startsWith('src/domain/')) return [`${from} → ${to} (src/domain/ imports only src/domain/)`]
    if (from.startsWith('src/common/') && !to.startsWith('src/common/') && !to.startsWith('src/domain/')) return [`${from} → ${to} (src/common/ imports only src/common/ and src/domain/)`]
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

const COMPOSITION_ROOT = 'src/composition-root.ts'
const MAY_IMPORT_COMPOSITION_ROOT = ['src/app.ts', 'src/server.ts']

// Rule 4
export function findCompositionRootImports(repo: RepoSnapshot): string[] {
  if (!repo.files.has(COMPOSITION_ROOT)) return [`${COMPOSITION_ROOT} is missing`]
  return importEdges(repo)
    .filter(({ from, to }) => to === COMPOSITION_ROOT && !MAY_IMPORT_COMPOSITION_ROOT.includes(from))
    .map(({ from }) => `${from} → ${COMPOSITION_ROOT}`)
}

/** Markdown headings outside fenced code (where `#` starts a shell comment), with their 0-based line. */
export function markdownHeadings(text: string): { level: number; title: string; line: number }[] {
  const headings: { level: number; title: string; line: number }[] = []
  let inFence = false
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence
    const heading = inFence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (heading) headings.push({ level: heading[1]!.length, title: heading[2]!, line: index })
  })
  return headings
}

// Notes of another project or of one machine: meaningless to a reader of this repository.
const FOREIGN_CITATIONS: { what: string; pattern: RegExp }[] = [
  { what: 'DESIGN.md', pattern: /DESIGN\.md/ },
  { what: 'DOMAIN.md', pattern: /DOMAIN\.md/ },
  { what: '../shared', pattern: /\.\.\/shared/ },
  { what: 'an absolute machine path', pattern: /(^|[\s'"`(])\/(work|home|root|tmp|Users)\// },
]
const isCitingFile = (path: string) => path.startsWith('src/') || path.startsWith('docs/') || path === 'README.md' || path === 'CHANGELOG.md'

// Rule 5
export function findForeignCitations(repo: RepoSnapshot): string[] {
  const offenders: string[] = []
  for (const [path, text] of repo.files) {
    if (!isCitingFile(path)) continue
    text.split('\n').forEach((line, index) => {
      for (const { what, pattern } of FOREIGN_CITATIONS) {
        if (pattern.test(line)) offenders.push(`${path}:${index + 1}: cites ${what}: ${line.trim().slice(0, 120)}`)
      }
      if (!path.startsWith('src/')) return
      // `docs/design.md "Lifecycles"`: the document must exist and, when a heading is quoted, have it.
      for (const [, name, heading] of line.matchAll(/docs\/([\w.-]+\.md)(?:\s+"([^"\n]+)")?/g)) {
        const doc = repo.files.get(`docs/${name}`)
        if (doc === undefined) offenders.push(`${path}:${index + 1}: cites docs/${name}, which does not exist`)
        else if (heading !== undefined && !markdownHeadings(doc).some((h) => h.title === heading)) {
          offenders.push(`${path}:${index + 1}: cites docs/${name} "${heading}", which has no such heading`)
        }
      }
    })
  }
  return offenders
}

/** The entries of a folder as `ls` shows them, folders with a trailing slash. */
function entriesOf(repo: RepoSnapshot, dir: string): Set<string> {
  const entries = new Set<string>()
  for (const path of [...repo.files.keys(), ...repo.folders]) {
    const rest = path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : undefined
    if (rest) entries.add(rest.includes('/') ? `${rest.split('/')[0]}/` : repo.folders.has(path) ? `${rest}/` : rest)
  }
  return entries
}

/** `  clock.ts, logger.ts the one source…` → ['clock.ts', 'logger.ts']; `<placeholders>` dropped. */
function namesOf(entry: string): string[] {
  // The names end at a run of 2+ spaces, or at the first word that follows a name without a comma.
  const names = /^[^\s,]+(?:,\s*[^\s,]+)*/.exec(entry.split(/\s{2,}/)[0]!)?.[0] ?? ''
  return names.split(',').map((name) => name.trim()).filter((name) => name && !name.includes('<'))
}

function compareMap(listed: Set<string>, actual: Set<string>, where: string): string[] {
  return [
    ...[...actual].filter((name) => !listed.has(name)).map((name) => `missing from the map: ${where}${name}`),
    ...[...listed].filter((name) => !actual.has(name)).map((name) => `in the map but not in the tree: ${where}${name}`),
  ].sort()
}

// Rule 6
export function findReadmeMapMismatches(repo: RepoSnapshot): string[] {
  const readme = repo.files.get('README.md')?.split('\n') ?? []
  const headings = markdownHeadings(readme.join('\n'))
  const start = headings.find((h) => h.level === 2 && h.title === 'Development')
  const end = headings.find((h) => start !== undefined && h.line > start.line && h.level <= 2)
  const block: string[] = []
  let inFence = false
  for (const line of start ? readme.slice(start.line + 1, end?.line) : []) {
    if (/^\s*(```|~~~)/.test(line)) {
      if (inFence && block[0] === 'src/') break
      inFence = !inFence
      block.length = 0
    } else if (inFence) block.push(line)
  }
  if (block[0] !== 'src/') return ['README.md has no "## Development" section with a fenced block that begins with "src/"']
  const top = new Set<string>()
  const modules = new Set<string>()
  let parent: string[] = []
  for (const line of block.slice(1)) {
    if (!line.startsWith(' ')) break // the map of src/ ends where the next top-level folder begins
    if (/^ {2}\S/.test(line)) {
      parent = namesOf(line.slice(2))
      for (const name of parent) top.add(name)
    } else if (/^ {4}\S/.test(line) && parent.includes('modules/')) namesOf(line.slice(4)).forEach((name) => modules.add(name))
  }
  return [
    ...compareMap(top, entriesOf(repo, 'src'), 'src/'),
    ...(modules.size > 0 ? compareMap(modules, entriesOf(repo, 'src/modules'), 'src/modules/') : []),
  ]
}

/** The names a routes or handlers file may carry in folder `dir`: its name, its last words, singular too. */
function moduleWordsOf(dir: string): string[] {
  const words = dir.split('-')
  // 'esis' and 'address' are no plurals: keep their last s.
  return words.map((_, i) => words.slice(i).join('-')).flatMap((name) => [name, name.replace(/(?<![is])s$/, '')])
}

// Rule 7: a routes or handlers file names its module as a whole word ('process-esis.routes.ts' in esis/).
export function findMisnamedFiles(repo: RepoSnapshot): string[] {
  return [...repo.files.keys()].flatMap((path) => {
    const [, dir, name, stem] = /^src\/modules\/(?:.+\/)?([^/]+)\/(([^/]+)\.(?:routes|handlers)\.ts)$/.exec(path) ?? []
    if (dir === undefined || name === undefined || stem === undefined) return []
    // A whole word must match ('auth' does not name 'author.routes.ts').
    const names = moduleWordsOf(dir)
    if (names.some((word) => `-${stem}-`.includes(`-${word}-`))) return []
    return [`${path} (name the module in it: ${[...new Set(names)].map((p) => `"${p}"`).join(' or ')})`]
  })
}

// Folders that may share a name, with the reason.
export const TWIN_FOLDER_EXCEPTIONS: Record<string, string> = {
  'src/db/migrations': 'the one name tools and readers expect for numbered SQL migrations',
}

// Rule 8: every folder under src/, and the repository's top-level folders, have a name of their own.
export function findTwinFolders(repo: RepoSnapshot): string[] {
  const folders = [...repo.folders]
    .filter((dir) => (dir.startsWith('src/') || (!dir.includes('/') && dir !== 'src')) && !(dir in TWIN_FOLDER_EXCEPTIONS))
    .sort()
  const twins: string[] = []
  folders.forEach((a, i) => {
    for (const b of folders.slice(i + 1)) {
      if (posix.basename(a) === posix.basename(b) && (a.startsWith('src/') || b.startsWith('src/'))) twins.push(`${a}/ and ${b}/`)
    }
  })
  return twins
}

/** The one folder whose code may touch the private parts of Hono, @hono/node-server and Node's request. */
export const NODE_ADAPTER_FOLDER = 'src/http/node-adapter/'

// What reaching into a library's private parts looks like: Hono's body cache, replacing its
// request's header method, finding node-server's response cache by a symbol's description, and
// replacing Node's `resume` of a request.
const LIBRARY_INTERNALS: { what: string; pattern: RegExp }[] = [
  { what: "Hono's body cache (bodyCache)", pattern: /\bbodyCache\b/ },
  { what: 'a lookup of a private symbol (getOwnPropertySymbols, .description ===)', pattern: /getOwnPropertySymbols|\.description\s*===/ },
  { what: "a replaced request header method (.header =)", pattern: /\.header\s*=(?!=)/ },
  { what: 'a replaced resume (.resume =)', pattern: /\.resume\s*=(?!=)/ },
]

// Rule 9: a library's private parts are touched only inside the adapter folder (comments aside).
export function findLibraryInternals(repo: RepoSnapshot): string[] {
  const offenders: string[] = []
  for (const [path, text] of repo.files) {
    if (!isSource(path) || path.startsWith(NODE_ADAPTER_FOLDER)) continue
    text.split('\n').forEach((line, index) => {
      const code = line.trim()
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return
      for (const { what, pattern } of LIBRARY_INTERNALS) {
        if (pattern.test(code)) offenders.push(`${path}:${index + 1}: ${what}: ${code.slice(0, 100)}`)
      }
    })
  }
  return offenders
}
