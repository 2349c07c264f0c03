// Writes the Postman collection to contracts/postman.json, served at GET /postman.json (a test fails
// when that copy is stale: run `npm run postman` after a change of the OpenAPI document).
import { writeFileSync } from 'node:fs'
import { openApiDocument } from '../src/openapi-document.ts'
import { fromRoot } from '../src/package-root.ts'
import { postmanCollection } from './postman-collection.ts'

const file = fromRoot('contracts', 'postman.json')
writeFileSync(file, JSON.stringify(await postmanCollection(openApiDocument()), null, 2) + '\n')
process.stdout.write(`wrote ${file}\n`)
