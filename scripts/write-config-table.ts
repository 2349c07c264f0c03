// Writes the table of every environment variable into docs/configuration.md from the environment's
// schema (scripts/config-table.ts; a test fails when that copy is stale).
import { readFileSync, writeFileSync } from 'node:fs'
import { fromRoot } from '../src/platform/package-root.ts'
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable } from './config-table.ts'

const file = fromRoot('docs', 'configuration.md')
const page = readFileSync(file, 'utf8')
const start = page.indexOf(CONFIG_TABLE_START)
const end = page.indexOf(CONFIG_TABLE_END)
if (start < 0 || end < start) throw new Error(`${file} has no configuration table between its markers`)
writeFileSync(file, page.slice(0, start) + configTable() + page.slice(end + CONFIG_TABLE_END.length))
process.stdout.write(`wrote the configuration table of ${file}\n`)
