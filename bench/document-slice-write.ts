// The SQLite write of an upload's content alone, in-process, on a database file in WAL mode as the
// server opens it: a 1 MB file written as one slice of 1 MiB, or as slices of 256 or 64 KiB, each slice
// one statement (one synchronous call on the event loop). Prints, for each slice size, the median
// call, the median of each file's longest call, and the whole file's time, in ms; rounds alternate
// the sizes.
// Usage: npx tsx bench/document-slice-write.ts [files=40]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src/db/connection.ts'
import { migrate } from '../src/db/migrate.ts'

const FILES = Number(process.argv[2] ?? 40)
const dir = mkdtempSync(join(tmpdir(), 'slice-write-'))
const db = openDatabase(join(dir, 'bench.db'))
migrate(db)
const put = db.prepare('INSERT INTO process_document_content (document_unique_id, slice, content) VALUES (?, ?, ?)')
const clear = db.prepare('DELETE FROM process_document_content WHERE document_unique_id = ?')
const file = Buffer.alloc(1024 * 1024, 0x20)
const SIZES = [1024, 256, 64].map((kb) => kb * 1024)
const calls = new Map(SIZES.map((size) => [size, [] as number[]]))
const wholes = new Map(SIZES.map((size) => [size, [] as number[]]))
const longests = new Map(SIZES.map((size) => [size, [] as number[]]))

for (let n = 0; n < FILES; n++) {
  for (const size of n % 2 ? [...SIZES].reverse() : SIZES) {
    const key = `bench-${n}-${size}`
    const started = performance.now()
    let longest = 0
    for (let at = 0, slice = 0; at < file.length; at += size, slice++) {
      const t = performance.now()
      put.run(key, slice, file.subarray(at, at + size))
      const took = performance.now() - t
      calls.get(size)!.push(took)
      longest = Math.max(longest, took)
    }
    longests.get(size)!.push(longest)
    wholes.get(size)!.push(performance.now() - started)
    // The database stays small: the pages are reused, as a sandbox's are after deletions.
    if (n % 4 === 3) clear.run(key)
  }
  if (n % 8 === 7) db.pragma('wal_checkpoint(TRUNCATE)')
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
for (const size of SIZES) {
  const c = calls.get(size)!
  console.log(
    `${String(size / 1024).padStart(4)} KiB slices: a call median ${median(c).toFixed(2)} ms, a file's longest call median ${median(longests.get(size)!).toFixed(2)} ms; the 1 MiB file ${median(wholes.get(size)!).toFixed(2)} ms`,
  )
}
db.close()
rmSync(dir, { recursive: true, force: true })
