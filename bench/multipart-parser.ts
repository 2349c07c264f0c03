// The multipart parser alone, in-process, against another checkout's (written for the move to busboy:
// the build before it is the other side): the CPU time to read a 1 MB and a 10 MB upload body, fed in
// 64 KiB chunks as a socket delivers them, into a sink that only counts the file's bytes. No HTTP, no
// SQLite, no hash: the figure the server benches dilute. Rounds alternate A B / B A; medians printed.
// Usage: npx tsx bench/multipart-parser.ts <other checkout> [rounds=6]
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const OTHER = process.argv[2] ? resolve(process.argv[2]) : undefined
const ROUNDS = Number(process.argv[3] ?? 6)
if (!OTHER) {
  console.error('usage: npx tsx bench/multipart-parser.ts <other checkout> [rounds]')
  process.exit(2)
}
const MODULE = 'src/modules/processes/documents/multipart-upload.ts'
const MB = 1024 * 1024
const CHUNK = 64 * 1024
const BOUNDARY = '----sandboxbench7MA4YWxkTrZu0gW'

function bodyOf(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20)
  // Bytes that begin the delimiter now and then, as real files have: the searches cannot skip them all.
  for (let at = 4096; at < size - 8; at += 4096) file.write('\r\n--', at, 'latin1')
  file.write('%PDF-1.4\n', 0, 'latin1')
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n34\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
}

const source = (body: Buffer) => {
  let at = 0
  return { next: async () => (at >= body.length ? null : body.subarray(at, (at += CHUNK))), release: () => undefined }
}

type Reader = (body: Buffer) => Promise<number>

/** Either side's readMultipart, whichever of the two signatures it has (the hand-written one took a limit and a part sink). */
async function readerOf(root: string): Promise<Reader> {
  const { readMultipart } = (await import(pathToFileURL(resolve(root, MODULE)).href)) as { readMultipart: (...args: unknown[]) => Promise<void> }
  if (readMultipart.length === 5) {
    return async (body) => {
      let bytes = 0
      let inFile = false
      await readMultipart({ contentLength: null, source: source(body) }, BOUNDARY, 20 * MB, '20 MB', {
        start: (part: { filename: string | null }) => void (inFile = part.filename !== null),
        data: (chunk: Buffer) => void (inFile && (bytes += chunk.length)),
        end: () => undefined,
      })
      return bytes
    }
  }
  return async (body) => {
    let bytes = 0
    await readMultipart(
      { contentLength: null, source: source(body) },
      BOUNDARY,
      { bodyBytes: 20 * MB, bodyText: '20 MB', fieldBytes: 4096 },
      {
        field: () => undefined,
        file: () => ({ data: (chunk: Buffer) => void (bytes += chunk.length), end: () => undefined }),
      },
    )
    return bytes
  }
}

const SETS = [
  { key: '1MB', size: MB, count: 200 },
  { key: '10MB', size: 10 * MB, count: 20 },
]
const bodies = Object.fromEntries(SETS.map((set) => [set.key, bodyOf(set.size)]))
const sides = [
  { label: 'after ', read: await readerOf(resolve(import.meta.dirname, '..')), rounds: [] as Array<Record<string, number>> },
  { label: 'before', read: await readerOf(OTHER), rounds: [] as Array<Record<string, number>> },
]

/** CPU milliseconds per MB of file to read `count` bodies of one set. */
async function measure(read: Reader, set: (typeof SETS)[number]): Promise<number> {
  const body = bodies[set.key]!
  const cpu = process.cpuUsage()
  for (let i = 0; i < set.count; i++) if ((await read(body)) !== set.size) throw new Error('the file came out with another size')
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / 1000 / ((set.size * set.count) / MB)
}

// Warm-up, not counted.
for (const side of sides) for (const set of SETS) await measure(side.read, { ...set, count: Math.ceil(set.count / 4) })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const figures: Record<string, number> = {}
    for (const set of SETS) figures[set.key] = await measure(side.read, set)
    side.rounds.push(figures)
    console.log(`round ${round + 1} ${side.label}: ${SETS.map((set) => `${set.key} ${figures[set.key]!.toFixed(3)} CPU ms/MB`).join(', ')}`)
  }
}
const [after, before] = sides as [(typeof sides)[number], (typeof sides)[number]]
for (const set of SETS) {
  const [a, b] = [median(after.rounds.map((r) => r[set.key]!)), median(before.rounds.map((r) => r[set.key]!))]
  console.log(`${set.key.padEnd(4)} median over ${ROUNDS} rounds: before ${b.toFixed(3)} CPU ms/MB, after ${a.toFixed(3)} (${(a / b).toFixed(1)}×)`)
}
