import { fileURLToPath } from 'node:url'
import { assert, describe, expect, it } from 'vitest'
import {
  findBackDoorImports,
  findCompositionRootImports,
  findTransportInServices,
  findImportCycles,
  findLooseFiles,
  findUpwardImports,
  readRepo,
  type RepoSnapshot,
  snapshotOf,
} from './support/import-graph.ts'
import { findForeignCitations, findLibraryInternals, findMisnamedFiles, findMapMismatches, MAP_DOCUMENT, findTwinFolders } from './support/repository-rules.ts'

// Read once, when the file is collected: every rule below runs on memory (the whole file takes well under a second).
const repo = readRepo(fileURLToPath(new URL('..', import.meta.url)))

/** Fails with every offender on a line of its own: the message is the to-do list. */
function expectNone(offenders: readonly string[], problem: string): void {
  if (offenders.length > 0) assert.fail(`${problem} (${offenders.length}):\n  ${offenders.join('\n  ')}\n`)
}

describe('the architecture of src/', () => {
  it('has no import cycle between files of src/', () => {
    expectNone(findImportCycles(repo), 'Files that import each other in a circle (type-only imports count): cut one import of each')
  })

  it('lets a module reach another module only through its front door', () => {
    expectNone(findBackDoorImports(repo), "Imports into a module's inner files from outside it")
  })

  it('keeps the lower layers free of the modules', () => {
    expectNone(findUpwardImports(repo), 'Lower layers (domain, common, platform, db, http, esis-pdf) importing upwards')
  })

  it('has its layers as folders: no loose file in src/ but the entry point, none in src/http/', () => {
    expectNone(findLooseFiles(repo), 'Loose files')
  })

  it('keeps HTTP out of services, repositories and rules: only files that speak HTTP import src/http/', () => {
    expectNone(findTransportInServices(repo), 'Module files that are not routes, handlers, schemas, doors, middleware or console pages importing src/http/')
  })

  it('builds services in one place: only the assembly in src/app/ imports the composition root', () => {
    expectNone(findCompositionRootImports(repo), 'The composition root, wrongly missing or imported (only src/app/ may)')
  })

  it('cites only documents of this repository', () => {
    expectNone(findForeignCitations(repo), 'Citations of documents this repository does not have')
  })

  it('has a map of src/ that matches the tree', () => {
    expectNone(findMapMismatches(repo), `${MAP_DOCUMENT}: the map of src/ and the tree differ`)
  })

  it('names files after their module', () => {
    expectNone(findMisnamedFiles(repo), 'Routes and handlers files not named after their folder')
  })

  it('has no twin folder names', () => {
    expectNone(findTwinFolders(repo), 'Folders sharing a name (rename one; exceptions: TWIN_FOLDER_EXCEPTIONS)')
  })

  it("touches the private parts of Hono, @hono/node-server and Node's request only in src/http/node-adapter/", () => {
    expectNone(findLibraryInternals(repo), 'Code reaching into a library outside src/http/node-adapter/ (add a typed function there instead)')
  })
})

interface RuleCase {
  rule: string
  name: string
  check: (repo: RepoSnapshot) => string[]
  files: Record<string, string>
  folders?: string[]
  offenders: string[]
}

const SRC_MAP = (lines: string[]) => ['# Architecture', '', '## The map of src/', '', '```', 'src/', ...lines, 'seeds/  data', '```', '', '## Other', ''].join('\n')

// Each rule on a tiny synthetic tree: once holding, once broken (with the exact message a developer would read).
const cases: RuleCase[] = [
  {
    rule: 'cycles',
    name: 'a one-way chain passes; bare packages are not followed',
    check: findImportCycles,
    files: { 'src/a.ts': "import { b } from './b/index.ts'", 'src/b/index.ts': "import { Hono } from 'hono'\nimport { c } from '../c.ts'", 'src/c.ts': '' },
    offenders: [],
  },
  {
    rule: 'cycles',
    name: 'a type-only import and a dynamic import that close a circle fail',
    check: findImportCycles,
    files: {
      'src/a.ts': "import type { B } from './b/index.ts'",
      'src/b/index.ts': "const c = await import('../c.ts')",
      'src/c.ts': "export { a } from './a.ts'\n// import './d.ts' is a comment",
      'src/d.ts': "import './d.ts'",
    },
    offenders: ['3 file(s): src/a.ts, src/b/index.ts, src/c.ts\n    e.g. src/a.ts → src/b/index.ts → src/c.ts → src/a.ts', '1 file(s): src/d.ts\n    e.g. src/d.ts → src/d.ts'],
  },
  {
    rule: 'front door',
    name: 'imports through index.ts, and within a module (nested folders too), pass',
    check: findBackDoorImports,
    files: {
      'src/app/app.ts': "import { b } from '../modules/b/index.ts'",
      'src/modules/a/a.service.ts': "import { b } from '../b/index.ts'",
      'src/modules/a/sub/x.ts': "import { a } from '../a.service.ts'",
      'src/modules/b/index.ts': "import { b } from './b.service.ts'",
      'src/modules/b/b.service.ts': '',
    },
    offenders: [],
  },
  {
    rule: 'front door',
    name: "imports of another module's inner file fail, from a module or from outside",
    check: findBackDoorImports,
    files: {
      'src/app/app.ts': "import type { B } from '../modules/b/b.service.ts'",
      'src/modules/a/a.service.ts': "import { b } from '../b/b.service.ts'",
      'src/modules/b/index.ts': '',
      'src/modules/b/b.service.ts': '',
    },
    offenders: [
      'src/app/app.ts → src/modules/b/b.service.ts (import src/modules/b/index.ts instead)',
      'src/modules/a/a.service.ts → src/modules/b/b.service.ts (import src/modules/b/index.ts instead)',
    ],
  },
  {
    rule: 'layers',
    name: 'downward imports pass',
    check: findUpwardImports,
    files: {
      'src/db/c.ts': "import { config } from '../platform/config.ts'",
      'src/platform/config.ts': '',
      'src/domain/m/r.ts': "import { s } from '../w/s.ts'",
      'src/domain/w/s.ts': '',
    },
    offenders: [],
  },
  {
    rule: 'layers',
    name: 'a lower layer importing a module or the top, and the domain importing db, fail',
    check: findUpwardImports,
    files: {
      'src/http/h.ts': "import { a } from '../modules/a/index.ts'",
      'src/platform/config.ts': "import { app } from '../app/app.ts'\nimport { c } from '../db/c.ts'",
      'src/domain/r.ts': "import { c } from '../db/c.ts'",
      'src/modules/a/index.ts': '',
      'src/app/app.ts': '',
      'src/db/c.ts': '',
    },
    offenders: [
      'src/domain/r.ts → src/db/c.ts (src/domain/ imports only src/domain/)',
      'src/http/h.ts → src/modules/a/index.ts (a module)',
      'src/platform/config.ts → src/app/app.ts (the top of the tree)',
      'src/platform/config.ts → src/db/c.ts (src/platform/ imports only src/platform/)',
    ],
  },
  {
    rule: 'layers',
    name: 'src/common/ importing src/http/ or src/db/ fails',
    check: findUpwardImports,
    files: { 'src/common/e.ts': "import { h } from '../http/h.ts'\nimport { l } from './l.ts'", 'src/common/l.ts': '', 'src/http/h.ts': "import { l } from '../shared/l.ts'" },
    offenders: ['src/common/e.ts → src/http/h.ts (src/common/ imports only src/common/ and src/domain/)'],
  },
  {
    rule: 'transport',
    name: 'routes, handlers, schemas, doors, middleware and console pages may import src/http/; a service may not',
    check: findTransportInServices,
    files: {
      'src/http/h.ts': '',
      'src/modules/a/a.routes.ts': "import { h } from '../../http/h.ts'",
      'src/modules/a/a.handlers.ts': "import { h } from '../../http/h.ts'",
      'src/modules/a/a.schemas.ts': "import { h } from '../../http/h.ts'",
      'src/modules/a/index.ts': "import { h } from '../../http/h.ts'",
      'src/modules/a/token-middleware.ts': "import { h } from '../../http/h.ts'",
      'src/modules/console/pages/home.ts': "import { h } from '../../../http/h.ts'",
      'src/modules/a/a.service.ts': "import { h } from '../../http/h.ts'",
    },
    offenders: ["src/modules/a/a.service.ts → src/http/h.ts (a module's service, repository or rule file imports nothing of src/http/: move what it needs to src/common/)"],
  },
  {
    rule: 'composition root',
    name: 'the app and the server importing it pass',
    check: findCompositionRootImports,
    files: { 'src/app/composition-root.ts': '', 'src/app/app.ts': "import './composition-root.ts'", 'src/app/server.ts': "import './composition-root.ts'" },
    offenders: [],
  },
  {
    rule: 'composition root',
    name: 'any other importer fails',
    check: findCompositionRootImports,
    files: {
      'src/app/composition-root.ts': '',
      'src/cli.ts': "import type { Services } from './app/composition-root.ts'",
      'src/cli/commands/x.ts': "import '../../app/composition-root.ts'",
    },
    offenders: ['src/cli.ts → src/app/composition-root.ts', 'src/cli/commands/x.ts → src/app/composition-root.ts'],
  },
  {
    rule: 'composition root',
    name: 'no composition root fails',
    check: findCompositionRootImports,
    files: { 'src/app/app.ts': '' },
    offenders: ['src/app/composition-root.ts is missing'],
  },
  {
    rule: 'loose files',
    name: 'the entry point and files in folders pass; another file of src/ or of src/http/ fails',
    check: findLooseFiles,
    files: { 'src/cli.ts': '', 'src/app/app.ts': '', 'src/http/body/b.ts': '', 'src/config.ts': '', 'src/http/h.ts': '' },
    offenders: ['src/config.ts (move it into the folder of its layer or concern)', 'src/http/h.ts (move it into the folder of its layer or concern)'],
  },
  {
    rule: 'citations',
    name: 'a document of docs/ and one of its headings pass',
    check: findForeignCitations,
    files: {
      'src/a.ts': '// docs/design.md "Lifecycles", docs/domain.md',
      'docs/design.md': '# Design\n\n### Lifecycles\n',
      'docs/domain.md': '',
      'README.md': 'see docs/design.md',
    },
    offenders: [],
  },
  {
    rule: 'citations',
    name: 'foreign documents, machine paths, missing documents and headings fail',
    check: findForeignCitations,
    files: {
      'src/a.ts': '// DESIGN.md\nconst p = \'/home/me/x\'\n// docs/nope.md\n// docs/design.md "Lists"',
      'docs/design.md': '# Design\n\n```sh\n# Lists\n```\n',
      'README.md': 'See ../shared/notes.md',
    },
    offenders: [
      'src/a.ts:1: cites DESIGN.md: // DESIGN.md',
      "src/a.ts:2: cites an absolute machine path: const p = '/home/me/x'",
      'src/a.ts:3: cites docs/nope.md, which does not exist',
      'src/a.ts:4: cites docs/design.md "Lists", which has no such heading',
      'README.md:1: cites ../shared: See ../shared/notes.md',
    ],
  },
  {
    rule: 'map of src/',
    name: 'a map naming every entry of src/ and of src/modules/ passes',
    check: findMapMismatches,
    files: {
      'docs/architecture.md': SRC_MAP([
        '  cli.ts              start-up',
        '  app/                builds it, once',
        '  db/                 data',
        '  modules/<group>/    placeholder',
        '  modules/            groups:',
        '    auth/             login',
      ]),
      'src/app/app.ts': '',
      'src/cli.ts': '',
      'src/app/composition-root.ts': '',
      'src/db/c.ts': '',
      'src/modules/auth/index.ts': '',
    },
    offenders: [],
  },
  {
    rule: 'map of src/',
    name: 'missing and extra entries fail, at both levels',
    check: findMapMismatches,
    files: {
      'docs/architecture.md': SRC_MAP(['  app.ts, gone.ts   start-up', '  modules/          groups', '    auth/           login', '    old/            gone']),
      'src/app.ts': '',
      'src/db/c.ts': '',
      'src/modules/auth/index.ts': '',
      'src/modules/partners/index.ts': '',
    },
    offenders: [
      'in the map but not in the tree: src/gone.ts',
      'missing from the map: src/db/',
      'in the map but not in the tree: src/modules/old/',
      'missing from the map: src/modules/partners/',
    ],
  },
  {
    rule: 'map of src/',
    name: 'no map fails',
    check: findMapMismatches,
    files: { 'docs/architecture.md': '## The map of src/\n\n```\nsrc2/\n```\n', 'src/app.ts': '' },
    offenders: ['docs/architecture.md has no "## The map of src/" section with a fenced block that begins with "src/"'],
  },
  {
    rule: 'file names',
    name: 'the folder, its singular or its last words as a whole word pass',
    check: findMisnamedFiles,
    files: {
      'src/modules/process-borrowers/borrowers.routes.ts': '',
      'src/modules/simulations/simulation-esis.routes.ts': '',
      'src/modules/processes/borrowers/borrower.handlers.ts': '',
      'src/modules/auth/jwt.ts': '',
      'src/modules/esis/process-esis.routes.ts': '',
    },
    offenders: [],
  },
  {
    rule: 'file names',
    name: 'another prefix, or a longer word, fails',
    check: findMisnamedFiles,
    files: { 'src/modules/esis/process.routes.ts': '', 'src/modules/auth/author.handlers.ts': '' },
    offenders: ['src/modules/esis/process.routes.ts (name the module in it: "esis")', 'src/modules/auth/author.handlers.ts (name the module in it: "auth")'],
  },
  {
    rule: 'twin folders',
    name: 'distinct names pass, and the listed exception',
    check: findTwinFolders,
    files: { 'src/a/x.ts': '', 'src/b/y.ts': '', 'test/a/x.test.ts': '', 'src/db/migrations/001.sql': '', 'src/tools/migrations/x.ts': '' },
    offenders: [],
  },
  {
    rule: 'twin folders',
    name: 'two folders of src/ with one name, or one of src/ and a top-level one, fail',
    check: findTwinFolders,
    files: { 'src/documents/x.ts': '', 'src/modules/processes/documents/d.ts': '', 'src/scripts/s.ts': '' },
    folders: ['scripts'],
    offenders: ['scripts/ and src/scripts/', 'src/documents/ and src/modules/processes/documents/'],
  },
  {
    rule: 'library internals',
    name: 'the adapter folder may touch them; a comment elsewhere may name them',
    check: findLibraryInternals,
    files: {
      'src/http/node-adapter/x.ts': '(c.req.bodyCache as T).text = t\nrequest.header = header\nincoming.resume = () => incoming',
      'src/http/y.ts': "// Hono's bodyCache is read by the adapter\nif (a.header === b) go()",
    },
    offenders: [],
  },
  {
    rule: 'library internals',
    name: 'the body cache, a symbol lookup, a replaced header or resume outside the adapter fail',
    check: findLibraryInternals,
    files: {
      'src/modules/a/m.ts':
        "const t = c.req.bodyCache.text\nObject.getOwnPropertySymbols(res).find((k) => k.description === 'cache')\nc.req.header = h\nincoming.resume = () => incoming",
    },
    offenders: [
      "src/modules/a/m.ts:1: Hono's body cache (bodyCache): const t = c.req.bodyCache.text",
      "src/modules/a/m.ts:2: a lookup of a private symbol (getOwnPropertySymbols, .description ===): Object.getOwnPropertySymbols(res).find((k) => k.description === 'cache')",
      'src/modules/a/m.ts:3: a replaced request header method (.header =): c.req.header = h',
      'src/modules/a/m.ts:4: a replaced resume (.resume =): incoming.resume = () => incoming',
    ],
  },
]

describe('the rules themselves', () => {
  it.each(cases)('$rule: $name', ({ check, files, folders, offenders }) => {
    expect(check(snapshotOf(files, folders))).toEqual(offenders)
  })
})
