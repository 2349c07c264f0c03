import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The code every Simulation Create and Detail runs, past the middleware of every request. Module
 * doors (index.ts) are left out: they compose services once, at start-up.
 */
const REQUEST_PATH = [
  'src/domain',
  'src/db',
  'src/http/node-adapter',
  'src/modules/loan',
  'src/modules/simulations',
  'src/modules/journal/journal-middleware.ts',
  'src/modules/journal/journal-redaction.ts',
  'src/modules/journal/request-journal.service.ts',
  'src/modules/journal/request-journal.repository.ts',
  'src/modules/callbacks/outbox-publisher.ts',
]

function filesUnder(path: string): string[] {
  const full = join(ROOT, path)
  if (path.endsWith('.ts')) return [full]
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'index.ts')
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Object literals that begin with a spread and go on: `{ ...a, b }`, `{ ...a, ...b }`. */
function spreadFirstLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 1 && ts.isSpreadAssignment(node.properties[0]!)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      found.push(`${relative(ROOT, file)}:${line} ${node.getText().replace(/\s+/g, ' ').slice(0, 80)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('objects on the way of a Create and a Detail', () => {
  // On Node 20's V8, an object literal that begins with a spread and goes on keeps what it points to
  // alive through the minor collections: built for every journal entry, it got every request's
  // answer promoted to the old generation and took the scavenges from 2 to 12 ms
  // (docs/decisions/0105-what-the-minor-collections-keep.md, `node bench/minor-gc.mjs`).
  it('never begin with a spread when more members follow: the other members go first, or every one is spelled', () => {
    const files = REQUEST_PATH.flatMap(filesUnder)
    expect(files.length).toBeGreaterThan(30)
    expect(files.flatMap(spreadFirstLiterals)).toEqual([])
  })

  it('the rule sees the forms it forbids, and lets the others through', () => {
    const probe = join(ROOT, 'test/fixtures/spread-first-probe.ts.txt')
    expect(spreadFirstLiterals(probe).map((hit) => hit.replace(/^.*:(\d+) /, '$1 '))).toEqual(['1 { ...base, extra: 1 }', '2 { ...base, ...more }'])
  })
})
