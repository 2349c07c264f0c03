/**
 * The repository rules of test/architecture.test.ts beyond the imports: citations, the README's map of
 * src/, file and folder names, and the library internals kept in the request adapter. Pure functions
 * over the same in-memory picture as import-graph.ts; each returns its offenders, one line each.
 */
import { join, posix } from 'node:path'
import { isSource, type RepoSnapshot } from './import-graph.ts'

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
// Tests, benches and scripts too: all but this file, whose patterns name what they look for, and the
// architecture test, whose samples cite them on purpose.
const NOT_CITING = new Set(['test/support/repository-rules.ts', 'test/architecture.test.ts'])
const isCitingFile = (path: string) =>
  !NOT_CITING.has(path) &&
  (['src/', 'docs/', 'test/', 'bench/', 'scripts/'].some((folder) => path.startsWith(folder)) || path === 'README.md' || path === 'CONTRIBUTING.md' || path === 'CHANGELOG.md')

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
  return names
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.includes('<'))
}

function compareMap(listed: Set<string>, actual: Set<string>, where: string): string[] {
  return [
    ...[...actual].filter((name) => !listed.has(name)).map((name) => `missing from the map: ${where}${name}`),
    ...[...listed].filter((name) => !actual.has(name)).map((name) => `in the map but not in the tree: ${where}${name}`),
  ].sort()
}

// Rule 6
/** Where the map of src/ is kept: a maintainer's page, in a fenced block that begins with `src/`. */
export const MAP_DOCUMENT = 'docs/architecture.md'
export const MAP_HEADING = 'The map of src/'

export function findMapMismatches(repo: RepoSnapshot): string[] {
  const readme = repo.files.get(MAP_DOCUMENT)?.split('\n') ?? []
  const headings = markdownHeadings(readme.join('\n'))
  const start = headings.find((h) => h.level === 2 && h.title === MAP_HEADING)
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
  if (block[0] !== 'src/') return [`${MAP_DOCUMENT} has no "## ${MAP_HEADING}" section with a fenced block that begins with "src/"`]
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
  return [...compareMap(top, entriesOf(repo, 'src'), 'src/'), ...(modules.size > 0 ? compareMap(modules, entriesOf(repo, 'src/modules'), 'src/modules/') : [])]
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
  const folders = [...repo.folders].filter((dir) => (dir.startsWith('src/') || (!dir.includes('/') && dir !== 'src')) && !(dir in TWIN_FOLDER_EXCEPTIONS)).sort()
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
  { what: 'a replaced request header method (.header =)', pattern: /\.header\s*=(?!=)/ },
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
