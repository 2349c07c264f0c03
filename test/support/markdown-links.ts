/**
 * The checks of test/docs-links.test.ts, as pure functions over a map of Markdown files (path from the
 * repository's root → text) and the set of every path the repository holds (files and folders): dead
 * relative links, anchors no heading gives, pages the index does not name, benches performance.md
 * does not cite. Each returns its offenders, one line each.
 */
import { posix } from 'node:path'

export interface DocsSnapshot {
  /** README.md, CONTRIBUTING.md and every docs/**\/*.md, by path from the root. */
  markdown: Map<string, string>
  /** Every file and folder of the repository (outside node_modules and .git), by path from the root. */
  paths: Set<string>
}

/** The lines of a Markdown text outside its fenced code blocks, with their number (from 1). */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = []
  let fence: string | undefined
  text.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined
      return
    }
    if (fence === undefined) lines.push({ line, number: index + 1 })
  })
  return lines
}

/** A line without its code spans (`` `a](b)` `` is text, not a link). */
const withoutCodeSpans = (line: string) => line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (span) => ' '.repeat(span.length))

/** The text GitHub renders of a heading's Markdown: links and images by their text, no code or emphasis marks. */
function renderedText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/(\*{1,3})(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(^|\W)(_{1,3})(\S(?:.*?\S)?)\2(?=\W|$)/g, '$1$3')
}

/**
 * GitHub's anchor of a heading (github-slugger): the rendered text in lower case, without what is not
 * a letter, a digit, a mark, `_`, `-` or a space, its spaces made hyphens.
 */
export function headingSlug(heading: string): string {
  return renderedText(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a page offers: its headings' slugs, a repeated slug numbered as GitHub numbers it (-1, -2…). */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const { line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const slug = headingSlug(heading)
    const count = seen.get(slug) ?? 0
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
    seen.set(slug, count + 1)
  }
  for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id!)
  return anchors
}

export interface Link {
  from: string
  line: number
  target: string
}

/** The relative links and images of a page: inline (`[a](b)`, `![a](b)`) and reference definitions (`[a]: b`). */
export function linksOf(path: string, text: string): Link[] {
  const links: Link[] = []
  for (const { line, number } of proseLines(text)) {
    const prose = withoutCodeSpans(line)
    const targets = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)].map((m) => m[1]!),
    ]
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:
      links.push({ from: path, line: number, target })
    }
  }
  return links
}

/** Dead relative links, and anchors that no heading of the page they name gives. */
export function findDeadLinks(docs: DocsSnapshot): string[] {
  const offenders: string[] = []
  for (const [path, text] of docs.markdown) {
    for (const { line, target } of linksOf(path, text)) {
      const [file = '', anchor] = target.split('#') as [string, string | undefined]
      const resolved = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(file))).replace(/\/$/, '')
      const where = `${path}:${line}: ${target}`
      if (resolved.startsWith('..')) offenders.push(`${where} leaves the repository`)
      else if (!docs.paths.has(resolved)) offenders.push(`${where}: no such file or folder`)
      else if (anchor !== undefined && anchor !== '') {
        const page = docs.markdown.get(resolved)
        if (page === undefined) offenders.push(`${where}: an anchor into a file that is not a Markdown page of the check`)
        else if (!anchorsOf(page).has(decodeURIComponent(anchor))) offenders.push(`${where}: ${resolved} has no heading whose anchor is #${anchor}`)
      }
    }
  }
  return offenders
}

/** The pages of docs/ whose index does not link to them: decisions/ in docs/decisions.md, every other one in docs/README.md. */
export function findUnindexedPages(docs: DocsSnapshot): string[] {
  const linkedFrom = (index: string) =>
    new Set(linksOf(index, docs.markdown.get(index) ?? '').map(({ target }) => posix.normalize(posix.join(posix.dirname(index), target.split('#')[0]!))))
  const indexes = { 'docs/README.md': linkedFrom('docs/README.md'), 'docs/decisions.md': linkedFrom('docs/decisions.md') }
  const offenders: string[] = []
  for (const path of docs.markdown.keys()) {
    if (!path.startsWith('docs/') || path === 'docs/README.md') continue
    const index = path.startsWith('docs/decisions/') ? 'docs/decisions.md' : 'docs/README.md'
    if (!indexes[index].has(path)) offenders.push(`${path} is not linked from ${index}`)
  }
  return offenders
}

/** The files of bench/ that docs/performance.md does not name (`bench/<file>`). */
export function findUncitedBenches(docs: DocsSnapshot): string[] {
  const performance = docs.markdown.get('docs/performance.md') ?? ''
  return [...docs.paths]
    .filter((path) => /^bench\/[^/]+\.(m?js|ts)$/.test(path))
    .filter((path) => !performance.includes(path))
    .sort()
    .map((path) => `${path} is not cited by docs/performance.md`)
}
