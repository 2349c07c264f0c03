import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assert, describe, expect, it } from 'vitest'
import { anchorsOf, type DocsSnapshot, findDeadLinks, findUncitedBenches, findUnindexedPages, headingSlug } from './support/markdown-links.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SKIPPED = new Set(['node_modules', '.git'])

/** The repository as the checks see it: its Markdown pages' texts, and every path it holds. */
function readDocs(): DocsSnapshot {
  const paths = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue
      const path = dir ? `${dir}/${entry.name}` : entry.name
      paths.add(path)
      if (entry.isDirectory()) walk(path)
    }
  }
  walk('')
  const pages = ['README.md', 'CONTRIBUTING.md', ...[...paths].filter((path) => path.startsWith('docs/') && path.endsWith('.md'))]
  return { paths, markdown: new Map(pages.filter((page) => paths.has(page)).map((page) => [page, readFileSync(join(ROOT, page), 'utf8')])) }
}

/** A repository of the given pages, and of the other paths named. */
const snapshot = (pages: Record<string, string>, others: string[] = []): DocsSnapshot => {
  const paths = new Set<string>(others)
  for (const path of [...Object.keys(pages), ...others]) {
    const parts = path.split('/')
    parts.forEach((_, i) => paths.add(parts.slice(0, i + 1).join('/')))
  }
  return { paths, markdown: new Map(Object.entries(pages)) }
}

function expectNone(offenders: readonly string[], problem: string): void {
  if (offenders.length > 0) assert.fail(`${problem} (${offenders.length}):\n  ${offenders.join('\n  ')}\n`)
}

describe("the documentation's links", () => {
  const docs = readDocs()

  it('has no dead relative link and no anchor without its heading, in README.md, CONTRIBUTING.md and docs/', () => {
    expect(docs.markdown.size).toBeGreaterThan(20)
    expectNone(findDeadLinks(docs), 'Links to nothing (a file moved or renamed, a heading reworded)')
  })

  it('indexes every page: docs/README.md each page of docs/, docs/decisions.md each decision', () => {
    expectNone(findUnindexedPages(docs), 'Pages no index names')
  })

  it('cites every bench of bench/ in docs/performance.md', () => {
    expectNone(findUncitedBenches(docs), 'Benches docs/performance.md does not cite (a current figure, or a line under "Other benches")')
  })
})

describe('the checks themselves', () => {
  it('slugs a heading as GitHub does: lower case, punctuation dropped, code and links by their text', () => {
    expect(headingSlug("The operator's API")).toBe('the-operators-api')
    expect(headingSlug('Callbacks on your laptop: `mortgage-sandbox listen`')).toBe('callbacks-on-your-laptop-mortgage-sandbox-listen')
    expect(headingSlug('Speed (the targets of the benches)')).toBe('speed-the-targets-of-the-benches')
    expect(headingSlug('Storage, e-mail and proxies')).toBe('storage-e-mail-and-proxies')
    expect(headingSlug('Side by side: 0.5.1 (2026-11-26)')).toBe('side-by-side-051-2026-11-26')
    expect(headingSlug('Instalment, MTIC, TAEG')).toBe('instalment-mtic-taeg')
    expect(headingSlug('Use **bold** and [a link](x.md) in SANDBOX_TIME_SCALE')).toBe('use-bold-and-a-link-in-sandbox_time_scale')
    expect(headingSlug('Taxonomia: países')).toBe('taxonomia-países')
  })

  it('numbers a repeated heading as GitHub does, and ignores headings inside code blocks', () => {
    expect([...anchorsOf('# A\n\n## Notes\n\n```sh\n# Notes in a shell\n```\n\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1'])
  })

  it('finds a dead file, a missing anchor and a link out of the repository; passes good ones, code spans and fenced blocks', () => {
    const docs = snapshot(
      {
        'README.md': [
          '[ok](docs/a.md#the-part) [ok too](docs/) [here](#top) ![pic](docs/pic.png) [web](https://example.com/x.md)',
          '`[not a link](gone.md)`',
          '```sh',
          'echo "[not a link either](gone.md)"',
          '```',
          '[dead](docs/gone.md) [no anchor](docs/a.md#nowhere) [out](../elsewhere.md)',
          '[ref]: docs/missing.md',
          '# Top',
        ].join('\n'),
        'docs/a.md': '# A\n\n## The part\n\n[back](../README.md#top) [self](#a)\n',
      },
      ['docs/pic.png'],
    )
    expect(findDeadLinks(docs)).toEqual([
      'README.md:6: docs/gone.md: no such file or folder',
      'README.md:6: docs/a.md#nowhere: docs/a.md has no heading whose anchor is #nowhere',
      'README.md:6: ../elsewhere.md leaves the repository',
      'README.md:7: docs/missing.md: no such file or folder',
    ])
  })

  it('finds a page of docs/ its index does not name, and a decision docs/decisions.md does not name', () => {
    const docs = snapshot({
      'docs/README.md': '[a](a.md) [decisions](decisions.md)',
      'docs/a.md': '',
      'docs/b.md': '',
      'docs/decisions.md': '[0001](decisions/0001-x.md)',
      'docs/decisions/0001-x.md': '',
      'docs/decisions/0002-y.md': '',
    })
    expect(findUnindexedPages(docs)).toEqual(['docs/b.md is not linked from docs/README.md', 'docs/decisions/0002-y.md is not linked from docs/decisions.md'])
  })

  it('finds a bench performance.md does not cite', () => {
    const docs = snapshot({ 'docs/performance.md': '`node bench/startup.mjs`' }, ['bench/startup.mjs', 'bench/new-one.mjs'])
    expect(findUncitedBenches(docs)).toEqual(['bench/new-one.mjs is not cited by docs/performance.md'])
  })
})
