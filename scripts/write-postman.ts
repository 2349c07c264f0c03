// Writes the Postman collections to contracts/postman.json (the bank's API, served at GET /postman.json)
// and contracts/postman-sandbox.json (the sandbox's own, GET /postman/sandbox.json); a test fails when
// a copy is stale: run `npm run postman` after a change of the OpenAPI documents.
import { writeFileSync } from 'node:fs'
import { openApiDocuments } from '../src/app/openapi-document.ts'
import { fromRoot } from '../src/platform/package-root.ts'
import { postmanCollections } from './postman-collection.ts'

const { bank, sandbox } = postmanCollections(openApiDocuments())
for (const [name, collection] of [
  ['postman.json', bank],
  ['postman-sandbox.json', sandbox],
] as const) {
  const file = fromRoot('contracts', name)
  writeFileSync(file, JSON.stringify(collection, null, 2) + '\n')
  process.stdout.write(`wrote ${file}\n`)
}
