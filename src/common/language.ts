/** The languages the sandbox answers in (docs/design.md "Conventions": pt-PT by default, en on request). */
export const LANGUAGES = ['pt-PT', 'en'] as const
export type Lang = (typeof LANGUAGES)[number]
export type LocalizedText = Record<Lang, string>

/** Header value → language: a client repeats the same Accept-Language on every request. */
const negotiated = new Map<string, Lang>()

/**
 * Picks the answer language from an Accept-Language header, honouring q-values.
 * @example negotiateLanguage('en-GB,en;q=0.9,pt;q=0.8') // 'en'
 */
export function negotiateLanguage(header: string | undefined): Lang {
  if (!header) return 'pt-PT'
  let lang = negotiated.get(header)
  if (lang === undefined) {
    lang = fromRanges(header)
    // Clients send a handful of distinct values; a flood of made-up ones only empties the memo.
    if (negotiated.size >= 256) negotiated.clear()
    negotiated.set(header, lang)
  }
  return lang
}

function fromRanges(header: string): Lang {
  const ranges = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranges) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-PT'
  }
  return 'pt-PT'
}

/** Fills the `{name}` slots of a message. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
}
