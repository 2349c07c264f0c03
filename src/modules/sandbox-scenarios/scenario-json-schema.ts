import { z } from '@hono/zod-openapi'
import { ScenarioSchema } from './scenario.schemas.ts'

/** The JSON Schema (draft 2020-12) of a scenario file, as a partner writes it. */
export function scenarioJsonSchema() {
  return {
    ...z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://sandbox.invalid/scenario.schema.json',
    title: 'Mortgage Partner Portal Sandbox scenario',
  }
}
