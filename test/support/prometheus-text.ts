/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line is a HELP,
 * a TYPE, or a sample of a family declared before it; anything else throws, so a scrape the
 * Prometheus server would refuse fails the test that reads it.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Family {
  name: string
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
  help: string
  samples: Sample[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`)
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`)
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\["\\n])*)"(?:,|$)/
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: ['', '_total', '_created'],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
  untyped: [''],
}

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity
  if (text === '-Inf') return -Infinity
  // prom-client writes a mean of no sample yet as `Nan`; Prometheus reads NaN in any case, as Go's ParseFloat does.
  if (/^nan$/i.test(text)) return NaN
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a number: ${line}`)
  return Number(text)
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  let rest = text
  while (rest.length > 0) {
    const match = LABEL.exec(rest)
    if (!match) throw new Error(`bad labels: ${line}`)
    if (match[1]! in labels) throw new Error(`label ${match[1]} twice: ${line}`)
    labels[match[1]!] = match[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c))
    rest = rest.slice(match[0].length)
  }
  return labels
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  const family = (name: string) => {
    let f = families.get(name)
    if (!f) families.set(name, (f = { name, type: 'untyped', help: '', samples: [] }))
    return f
  }
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed')
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue
    let match: RegExpExecArray | null
    if ((match = HELP.exec(line))) family(match[1]!).help = match[2]!
    else if ((match = TYPE.exec(line))) {
      const f = family(match[1]!)
      if (f.samples.length > 0) throw new Error(`TYPE after samples: ${line}`)
      f.type = match[2] as Family['type']
    } else if (line.startsWith('#')) continue
    else if ((match = SAMPLE.exec(line))) {
      const [, name, labels, value] = match
      const owner = [...families.values()].find((f) => SUFFIXES[f.type].some((suffix) => `${f.name}${suffix}` === name))
      if (!owner) throw new Error(`sample of no declared family: ${line}`)
      owner.samples.push({ name: name!, labels: labels ? parseLabels(labels, line) : {}, value: parseValue(value!, line) })
    } else throw new Error(`not a line of the text format: ${line}`)
  }
  return families
}

/** The value of the one sample named so with these labels (among others); undefined when none. */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const f of families.values()) {
    for (const s of f.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value
    }
  }
  return undefined
}
