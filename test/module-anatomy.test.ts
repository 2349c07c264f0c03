import { fileURLToPath } from 'node:url'
import { assert, describe, expect, it } from 'vitest'
import { readRepo, type RepoSnapshot, snapshotOf } from './support/import-graph.ts'
import { DOOR_CEILING, findHandlersOutsideHandlerFiles, findMisshapenDoors, findSchemasOutsideSchemaFiles, findTrackerCitations, findWideDoors } from './support/module-anatomy.ts'

const repo = readRepo(fileURLToPath(new URL('..', import.meta.url)))

/** A tracker's numbered item, built here so this file does not cite one itself. */
const item = (n: number | string, word = 'issue') => `${word} ${n}`

function expectNone(offenders: readonly string[], problem: string): void {
  if (offenders.length > 0) assert.fail(`${problem} (${offenders.length}):\n  ${offenders.join('\n  ')}\n`)
}

// Every rule once, on the whole repository, when the file is collected: the tests below only read the results.
const found = {
  doors: findMisshapenDoors(repo),
  handlers: findHandlersOutsideHandlerFiles(repo),
  schemas: findSchemasOutsideSchemaFiles(repo),
  widths: findWideDoors(repo),
}

describe('the shape of every module (docs/architecture.md "Modules")', () => {
  it('has doors that name each export once by its own name, and no repository row', () => {
    expectNone(found.doors, "Doors with export *, a renamed re-export, or a repository's row type")
  })

  it('writes route handlers only in *.handlers.ts files (the console in its *.page.ts files)', () => {
    expectNone(found.handlers, 'Module files answering a request that are not handlers files')
  })

  it('builds zod schemas only in *.schemas.ts files', () => {
    expectNone(found.schemas, 'Module files building zod schemas that are not schemas files')
  })

  it(`keeps every door at ${DOOR_CEILING} names or fewer`, () => {
    expectNone(found.widths, `Doors wider than ${DOOR_CEILING} names (see npx tsx scripts/door-report.ts)`)
  })
})

describe('the record of the repository', () => {
  it('cites no tracker: no numbered tracker item in src/, test/, docs/, bench/, scripts/, README.md or CHANGELOG.md', () => {
    expectNone(findTrackerCitations(repo), 'Citations of a tracker the repository does not have: say what the text means instead')
  })
})

interface RuleCase {
  rule: string
  name: string
  check: (repo: RepoSnapshot) => string[]
  files: Record<string, string>
  offenders: string[]
}

const cases: RuleCase[] = [
  {
    rule: 'door shape',
    name: 'a factory, a router, public types and a constant, each by its own name, pass',
    check: findMisshapenDoors,
    files: {
      'src/modules/a/index.ts': [
        "export type { AService } from './a.service.ts'",
        "export { A_LIMIT } from './a.schemas.ts'",
        'export interface ADeps { db: Db }',
        'export function createA(deps: ADeps) {}',
        'export const aRouter = () => createRouter()',
      ].join('\n'),
    },
    offenders: [],
  },
  {
    rule: 'door shape',
    name: 'export *, a renamed re-export and a repository row fail',
    check: findMisshapenDoors,
    files: {
      'src/modules/a/index.ts': [
        "export * from './a.service.ts'",
        "export * as rules from './a-rules.ts'",
        "export { createAService as createA } from './a.service.ts'",
        "export type { ARow } from './a.service.ts'",
        "export type { AEntry } from './a.repository.ts'",
      ].join('\n'),
    },
    offenders: [
      "src/modules/a/index.ts: export * from './a.service.ts' (name each export)",
      "src/modules/a/index.ts: export * as rules from './a-rules.ts' (name each export)",
      'src/modules/a/index.ts: exports createA under another name (export it by the name its file gives it)',
      'src/modules/a/index.ts: exports ARow, a repository row (give the door a public type)',
      "src/modules/a/index.ts: exports AEntry from ./a.repository.ts (a repository's type: give the door a public type)",
    ],
  },
  {
    rule: 'handlers',
    name: 'answers in handlers files, console pages and middleware pass; comments and strings do not count',
    check: findHandlersOutsideHandlerFiles,
    files: {
      'src/modules/a/a.handlers.ts': 'export const list = (c) => c.json({ items: [] }, 200)',
      'src/modules/console/requests.page.ts': "app.get('/x', (c) => c.html(page))",
      'src/modules/console/session-middleware.ts': "return c.redirect('/console/login', 303)",
      'src/modules/a/index.ts': "// the handler answers with c.json(…)\nexport const aRouter = () => createRouter().openapi(routes.list, handlers.list)\nconst s = 'c.json('",
      'src/app/app.ts': "app.get('/', (c) => c.text('outside the modules'))",
    },
    offenders: [],
  },
  {
    rule: 'handlers',
    name: 'an inline handler in a door or a routes file fails, once per answer',
    check: findHandlersOutsideHandlerFiles,
    files: {
      'src/modules/a/index.ts': 'export const aRouter = () =>\n  createRouter().openapi(routes.list, (c) => c.json([], 200))',
      'src/modules/a/a.routes.ts': "app.get('/x', (c) => c.body(null, 204))\napp.get('/y', (c) => c.redirect('/x'))",
    },
    offenders: [
      'src/modules/a/a.routes.ts:1: answers a request (c.body) outside a *.handlers.ts file',
      'src/modules/a/a.routes.ts:2: answers a request (c.redirect) outside a *.handlers.ts file',
      'src/modules/a/index.ts:2: answers a request (c.json) outside a *.handlers.ts file',
    ],
  },
  {
    rule: 'schemas',
    name: 'builders in schemas files, and reading a schema elsewhere, pass',
    check: findSchemasOutsideSchemaFiles,
    files: {
      'src/modules/a/a.schemas.ts': 'export const Body = z.object({ name: z.string().min(1) })',
      'src/modules/a/a.service.ts':
        "type Body = z.infer<typeof Body>\nconst parsed = Body.safeParse(input)\nif (error instanceof z.ZodError) {}\n// z.object( in a comment\nconst s = 'z.enum('",
      'src/platform/config.ts': 'const Env = z.object({})',
    },
    offenders: [],
  },
  {
    rule: 'schemas',
    name: 'any zod builder outside a schemas file fails, named once per file at its first line',
    check: findSchemasOutsideSchemaFiles,
    files: {
      'src/modules/a/a.service.ts': "import { z } from 'zod'\nconst Kind = z.enum(['x'])\nconst Body = z.object({ kind: Kind, n: z.number() })",
      'src/modules/a/a.routes.ts': 'request: { params: z.object({ id: z.string() }) }',
    },
    offenders: [
      'src/modules/a/a.routes.ts:1: builds zod schemas (z.object, z.string) outside a *.schemas.ts file',
      'src/modules/a/a.service.ts:2: builds zod schemas (z.enum, z.object, z.number) outside a *.schemas.ts file',
    ],
  },
  {
    rule: 'door width',
    name: `a door of ${DOOR_CEILING} names passes`,
    check: findWideDoors,
    files: { 'src/modules/a/index.ts': Array.from({ length: DOOR_CEILING }, (_, i) => `export const n${i} = ${i}`).join('\n') },
    offenders: [],
  },
  {
    rule: 'door width',
    name: `a door of ${DOOR_CEILING + 1} names fails, re-exports counted one by one`,
    check: findWideDoors,
    files: {
      'src/modules/a/index.ts': ["export type { A, B, C } from './a.service.ts'", ...Array.from({ length: DOOR_CEILING - 2 }, (_, i) => `export const n${i} = ${i}`)].join('\n'),
    },
    offenders: [`src/modules/a/index.ts: ${DOOR_CEILING + 1} names (at most ${DOOR_CEILING})`],
  },
  {
    rule: 'tracker citations',
    name: 'versions, "issues" as a verb and files outside the record pass',
    check: findTrackerCitations,
    files: {
      'CHANGELOG.md': '## 0.2.0\n- the sandbox issues tokens for 3600 s',
      'contracts/notes.md': item(3),
      'bench/a.mjs': '// Create under 3,000 requests a second',
    },
    offenders: [],
  },
  {
    rule: 'tracker citations',
    name: 'a numbered issue, a tracker item and its "Done when" fail, in every folder of the record',
    check: findTrackerCitations,
    files: {
      'README.md': `see the note on ${item(3)}`,
      'bench/a.mjs': `// (${item(12)} "Done when": RSS under 100 MB)`,
      'docs/decisions.md': 'as #4 of the tracker says',
      'test/a.test.ts': `it('ships what ${item('#6', 'issues')} names')`,
      'src/db/migrations/031_new.sql': `-- Loans (${item(21)})`,
    },
    offenders: [
      `README.md:1: cites a tracker: see the note on ${item(3)}`,
      `bench/a.mjs:1: cites a tracker: // (${item(12)} "Done when": RSS under 100 MB)`,
      'docs/decisions.md:1: cites a tracker: as #4 of the tracker says',
      `src/db/migrations/031_new.sql:1: cites a tracker: -- Loans (${item(21)})`,
      `test/a.test.ts:1: cites a tracker: it('ships what ${item('#6', 'issues')} names')`,
    ],
  },
]

describe('the module rules themselves', () => {
  it.each(cases)('$rule: $name', ({ check, files, offenders }) => {
    expect(check(snapshotOf(files))).toEqual(offenders)
  })
})
