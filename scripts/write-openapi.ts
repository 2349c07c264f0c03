// Writes the bank's OpenAPI document to contracts/openapi.json and the sandbox's own to
// contracts/openapi-sandbox.json (a test fails when either copy is stale).
import { writeFileSync } from 'node:fs'
import { openApiDocuments } from '../src/app/openapi-document.ts'
import { fromRoot } from '../src/platform/package-root.ts'

const { bank, sandbox } = openApiDocuments()
for (const [name, document] of [
  ['openapi.json', bank],
  ['openapi-sandbox.json', sandbox],
] as const) {
  const file = fromRoot('contracts', name)
  writeFileSync(file, JSON.stringify(document, null, 2) + '\n')
  process.stdout.write(`wrote ${file}\n`)
}
