/**
 * The rules of a module's shape (docs/architecture.md "Modules"), as pure functions over a RepoSnapshot
 * like the layering rules of import-graph.ts: what a door may export, where handlers and zod schemas
 * are written, how wide a door is, and which citations the repository may not carry.
 * Each rule returns its offenders, one readable line each: an empty list means the rule holds.
 */
import { posix } from 'node:path'
import ts from 'typescript'
import { importEdges, type RepoSnapshot } from './import-graph.ts'

/** 'src/modules/processes/borrowers/x.ts' → 'processes'; files outside a module folder → undefined. */
export const moduleOf = (path: string): string | undefined => /^src\/modules\/([^/]+)\//.exec(path)?.[1]

const doorOf = (module: string) => `src/modules/${module}/index.ts`

/** The modules of the snapshot: every folder of src/modules/ with a door. */
export function modulesOf(repo: RepoSnapshot): string[] {
  return [...repo.files.keys()].flatMap((path) => /^src\/modules\/([^/]+)\/index\.ts$/.exec(path)?.[1] ?? []).sort()
}

/** One thing a door exports, as a caller sees it. */
export interface DoorExport {
  readonly name: string
  /** `export *`, `export { a as b }`, or a plain declaration or re-export. */
  readonly kind: 'star' | 'renamed' | 'plain'
  /** The module-relative file it is re-exported from, when it is. */
  readonly from?: string
}

const hasExportKeyword = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/** The names a door exports, read from its syntax (no type checker: a door is a short list of exports). */
export function doorExports(text: string): DoorExport[] {
  const source = ts.createSourceFile('index.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const found: DoorExport[] = []
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined
      const clause = statement.exportClause
      if (clause === undefined || ts.isNamespaceExport(clause)) {
        found.push({ name: clause ? `* as ${clause.name.text}` : '*', kind: 'star', ...(from ? { from } : {}) })
        continue
      }
      for (const element of clause.elements) {
        const renamed = element.propertyName !== undefined && element.propertyName.text !== element.name.text
        found.push({ name: element.name.text, kind: renamed ? 'renamed' : 'plain', ...(from ? { from } : {}) })
      }
    } else if (ts.isExportAssignment(statement)) {
      found.push({ name: 'default', kind: 'plain' })
    } else if (hasExportKeyword(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) found.push({ name: declaration.name.text, kind: 'plain' })
        }
      } else {
        const name = (statement as ts.DeclarationStatement).name
        if (name && ts.isIdentifier(name)) found.push({ name: name.text, kind: 'plain' })
      }
    }
  }
  return found
}

// Rule 9: a door names what it exports, once, by its own name, and no repository row crosses it.
export function findMisshapenDoors(repo: RepoSnapshot): string[] {
  return modulesOf(repo).flatMap((module) => {
    const door = doorOf(module)
    return doorExports(repo.files.get(door)!).flatMap(({ name, kind, from }) => {
      if (kind === 'star') return [`${door}: export ${name} from '${from}' (name each export)`]
      if (kind === 'renamed') return [`${door}: exports ${name} under another name (export it by the name its file gives it)`]
      if (/Row$/.test(name)) return [`${door}: exports ${name}, a repository row (give the door a public type)`]
      if (from !== undefined && /\.repository(\.ts)?$/.test(from)) return [`${door}: exports ${name} from ${from} (a repository's type: give the door a public type)`]
      return []
    })
  })
}

// The console speaks HTML: its pages (`*.page.ts`) and its session and origin middleware answer too.
const MAY_ANSWER = /(\.handlers|\.page|-middleware)\.ts$/

/** The calls `receiver.method(…)` of a file whose receiver is the bare identifier `receiver`, with their line (comments and strings are not code). */
function callsOn(path: string, text: string, receiver: string): { method: string; line: number }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const calls: { method: string; line: number }[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === receiver
    ) {
      calls.push({ method: node.expression.name.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return calls.sort((a, b) => a.line - b.line)
}

const ANSWERS = new Set(['json', 'body', 'html', 'text', 'redirect', 'newResponse', 'notFound'])

/**
 * Rule 10: a route handler is written only in a `*.handlers.ts` file (the console's in its pages).
 * The signal: an answer built from Hono's context (`c.json(`, `c.body(`, `c.html(`, `c.text(`,
 * `c.redirect(`, `c.newResponse(`, `c.notFound(`) in any other file of a module. Every handler answers
 * through its context, named `c` throughout the code, so an inline `.openapi(route, (c) => …)` is
 * caught by the answer it returns.
 */
export function findHandlersOutsideHandlerFiles(repo: RepoSnapshot): string[] {
  return [...repo.files.keys()].sort().flatMap((path) => {
    const module = moduleOf(path)
    if (module === undefined || !path.endsWith('.ts') || MAY_ANSWER.test(path)) return []
    return callsOn(path, repo.files.get(path)!, 'c')
      .filter(({ method }) => ANSWERS.has(method))
      .map(({ method, line }) => `${path}:${line}: answers a request (c.${method}) outside a *.handlers.ts file`)
  })
}

// zod's functions that read or print a schema or an error, and build none.
const ZOD_READERS = new Set(['toJSONSchema', 'prettifyError', 'treeifyError', 'flattenError', 'formatError', 'parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'config'])

/**
 * Rule 11: zod schemas are built only in `*.schemas.ts` files. Strict: every zod builder (`z.object(`,
 * `z.enum(`, `z.string(`, `z.array(` … any `z.<name>(`) outside them is an offender, a one-liner too,
 * since a schema written elsewhere is the one the OpenAPI document and the tests miss. Reading a
 * schema (`z.infer<…>`, `z.ZodError`, `schema.parse(…)`, the functions of ZOD_READERS) is not building one.
 */
export function findSchemasOutsideSchemaFiles(repo: RepoSnapshot): string[] {
  return [...repo.files.keys()].sort().flatMap((path) => {
    const module = moduleOf(path)
    if (module === undefined || !path.endsWith('.ts') || path.endsWith('.schemas.ts')) return []
    const builders = callsOn(path, repo.files.get(path)!, 'z').filter(({ method }) => !ZOD_READERS.has(method))
    return builders.length === 0
      ? []
      : [`${path}:${builders[0]!.line}: builds zod schemas (${[...new Set(builders.map(({ method }) => `z.${method}`))].join(', ')}) outside a *.schemas.ts file`]
  })
}

/**
 * The widest door a module may have. A door exports its factory, its router or routers, the public
 * types of what it gives (its service, a view another module reads) and a constant a caller truly
 * needs; the modules in shape hold it with room (partners, the widest, exports 10).
 */
export const DOOR_CEILING = 12

/** Per module, the names its door exports. */
export const doorWidths = (repo: RepoSnapshot): Record<string, number> =>
  Object.fromEntries(modulesOf(repo).map((module) => [module, doorExports(repo.files.get(doorOf(module))!).length]))

// Rule 12
export function findWideDoors(repo: RepoSnapshot): string[] {
  return Object.entries(doorWidths(repo)).flatMap(([module, width]) => (width > DOOR_CEILING ? [`${doorOf(module)}: ${width} names (at most ${DOOR_CEILING})`] : []))
}

/**
 * The names crossing doors: distinct (importing module, imported name) pairs where a file of one
 * module imports a name from another module's door. A file outside src/modules/ (the composition root,
 * the app, the CLI) counts as a module of its own.
 */
export function namesCrossingDoors(repo: RepoSnapshot): { pairs: number; byDoor: Record<string, number> } {
  const pairs = new Set<string>()
  const byDoor: Record<string, Set<string>> = {}
  for (const { from, to } of importEdges(repo)) {
    const importer = moduleOf(from) ?? from
    const target = moduleOf(to)
    if (target === undefined || importer === target || to !== doorOf(target)) continue
    for (const name of importedNames(repo.files.get(from)!, from, to)) {
      pairs.add(`${importer} ${target}.${name}`)
      ;(byDoor[target] ??= new Set()).add(`${importer} ${name}`)
    }
  }
  return { pairs: pairs.size, byDoor: Object.fromEntries(Object.entries(byDoor).map(([door, names]) => [door, names.size])) }
}

/** The names `file` imports (or re-exports) from `target`. */
function importedNames(text: string, file: string, target: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const names: string[] = []
  const aimsAt = (specifier: ts.Expression | undefined) =>
    specifier !== undefined && ts.isStringLiteral(specifier) && posix.normalize(posix.join(posix.dirname(file), specifier.text)) === target
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && aimsAt(statement.moduleSpecifier)) {
      const clause = statement.importClause
      if (clause?.name) names.push('default')
      const bindings = clause?.namedBindings
      if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text))
      else if (bindings) names.push('*')
    } else if (ts.isExportDeclaration(statement) && aimsAt(statement.moduleSpecifier)) {
      const clause = statement.exportClause
      if (clause && ts.isNamedExports(clause)) names.push(...clause.elements.map((e) => (e.propertyName ?? e.name).text))
      else names.push('*')
    }
  }
  return names
}

// What a tracker's numbered item looks like in prose: the word with a number after it (with or without
// '#'), '#12 of the tracker', an item's '"Done when"'.
const TRACKER_CITATIONS = [/\bissues?\s*#?\d+/i, /#\d+\s+of\s+the\s+tracker/i, /"Done when"/]

// The rule's own files and its cases spell out the other shapes it refuses (an item's acceptance line).
const CITATION_RULE_FILES = ['test/support/module-anatomy.ts', 'test/module-anatomy.test.ts']

const citesTracker = (path: string) => (/^(src|test|docs|bench|scripts)\//.test(path) || path === 'README.md' || path === 'CHANGELOG.md') && !CITATION_RULE_FILES.includes(path)

// Rule 13: the repository's own documents are the record; a tracker's numbers mean nothing to its reader.
export function findTrackerCitations(repo: RepoSnapshot): string[] {
  const offenders: string[] = []
  for (const [path, text] of repo.files) {
    if (!citesTracker(path)) continue
    text.split('\n').forEach((line, index) => {
      if (TRACKER_CITATIONS.some((pattern) => pattern.test(line))) offenders.push(`${path}:${index + 1}: cites a tracker: ${line.trim().slice(0, 120)}`)
    })
  }
  return offenders.sort()
}
