// Writes the table of error codes into docs/conventions.md from the error catalogue
// (scripts/error-table.ts; a test fails when that copy is stale).
import { readFileSync, writeFileSync } from 'node:fs'
import { fromRoot } from '../src/platform/package-root.ts'
import { ERROR_TABLE_END, ERROR_TABLE_START, errorTable } from './error-table.ts'

const file = fromRoot('docs', 'conventions.md')
const page = readFileSync(file, 'utf8')
const start = page.indexOf(ERROR_TABLE_START)
const end = page.indexOf(ERROR_TABLE_END)
if (start < 0 || end < start) throw new Error(`${file} has no error table between its markers`)
writeFileSync(file, page.slice(0, start) + errorTable() + page.slice(end + ERROR_TABLE_END.length))
process.stdout.write(`wrote the error table of ${file}\n`)
