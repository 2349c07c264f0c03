// Writes the OpenAPI document to contracts/openapi.json (a test fails when that copy is stale).
import { writeFileSync } from 'node:fs'
import { openApiDocument } from '../src/openapi-document.ts'
import { fromRoot } from '../src/package-root.ts'

const file = fromRoot('contracts', 'openapi.json')
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2) + '\n')
process.stdout.write(`wrote ${file}\n`)
