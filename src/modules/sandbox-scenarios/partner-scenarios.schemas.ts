import { z } from '@hono/zod-openapi'
import { MagicValueSchema, ScenarioEffectSchema, ScenarioSchema } from './scenario.schemas.ts'

export const ScenarioNameParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'name', in: 'path' }, example: 'my-submit-refused', description: "A scenario's name (kebab-case)" }),
})

export const ScenarioOwnerSchema = z.enum(['sandbox', 'partner']).openapi({
  description: "sandbox: a scenario of the sandbox's files, the same for every partner; partner: one of the caller's partner's own, which only its users see and trigger",
})

export const ScenarioDocumentSchema = z
  .object({
    owner: ScenarioOwnerSchema,
    createdAt: z.iso.datetime().nullable().openapi({ description: "When the partner stored it, on the partner's clock; null for the sandbox's" }),
    updatedAt: z.iso.datetime().nullable().openapi({ description: "When it was last replaced; null for the sandbox's" }),
    scenario: ScenarioSchema,
  })
  .openapi('ScenarioDocument')

export const ScenarioItemSchema = z
  .object({
    name: z.string().openapi({ example: 'simulation-not-eligible' }),
    owner: ScenarioOwnerSchema,
    description: z.string().openapi({ description: 'In the language of Accept-Language' }),
    header: z.boolean().openapi({ description: 'Whether X-Sandbox-Scenario: <name> triggers it' }),
    magicValues: z.array(MagicValueSchema),
    effects: z.array(ScenarioEffectSchema),
  })
  .openapi('ScenarioItem')

export const ScenarioListSchema = z.object({ scenarioList: z.array(ScenarioItemSchema) }).openapi('ScenarioList')
