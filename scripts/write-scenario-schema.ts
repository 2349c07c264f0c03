// Writes scenarios/scenario.schema.json, the JSON Schema of a scenario file, from the zod schema
// (a test fails when the committed copy is stale). Point your editor's "$schema" at it.
import { writeFileSync } from 'node:fs'
import { fromRoot } from '../src/platform/package-root.ts'
import { scenarioJsonSchema } from '../src/modules/sandbox-scenarios/scenario-json-schema.ts'

const file = fromRoot('scenarios', 'scenario.schema.json')
writeFileSync(file, JSON.stringify(scenarioJsonSchema(), null, 2) + '\n')
process.stdout.write(`wrote ${file}\n`)
