// Writes the table of who may call each route into docs/roles.md from src/http/access/access-rules.ts (a test fails when that copy is stale).
import { readFileSync, writeFileSync } from 'node:fs'
import { ACCESS_TABLE_END, ACCESS_TABLE_START, accessTable } from '../src/http/access/access-table.ts'
import { fromRoot } from '../src/platform/package-root.ts'

const file = fromRoot('docs', 'roles.md')
const page = readFileSync(file, 'utf8')
const start = page.indexOf(ACCESS_TABLE_START)
const end = page.indexOf(ACCESS_TABLE_END)
if (start < 0 || end < start) throw new Error(`${file} has no access table between its markers`)
writeFileSync(file, page.slice(0, start) + accessTable() + page.slice(end + ACCESS_TABLE_END.length))
process.stdout.write(`wrote the access table of ${file}\n`)
