import { z } from '@hono/zod-openapi'
import { FaultEffectSchema } from './fault.schemas.ts'

/**
 * The scenario file format (docs/design.md "Scenarios and sandbox control"): a name, what triggers it
 * and what it does. This schema validates the shipped files and a partner's own
 * (SANDBOX_SCENARIOS_DIR), generates scenarios/scenario.schema.json, and documents GET /sandbox/scenarios.
 */

const localized = z.object({ 'pt-PT': z.string().min(1), en: z.string().min(1) })
const seconds = z.number().min(0).max(86_400)

export const processStatusCode = z.enum(['SUBMITTED', 'IN_ANALYSIS', 'APPROVED', 'REJECTED', 'CONTRACTED', 'CANCELLED'])
const simulationStatusCode = z.enum(['SIMULATED', 'NOT_ELIGIBLE', 'COMPLETED', 'CANCELLED', 'EXPIRED'])

/** Headers the sandbox writes itself: an answer that set them would break the transport or the session. */
const RESERVED_HEADERS = new Set(['connection', 'content-length', 'content-type', 'transfer-encoding', 'set-cookie', 'x-request-id', 'x-sandbox-scenario'])

/** An answer with the scenario's own status and error items, in place of the operation's (nothing is stored). */
const errorAnswerEffect = z.object({
  type: z.literal('errorAnswer'),
  status: z.number().int().min(400).max(599).describe('The HTTP status of the answer'),
  errors: z
    .array(
      z
        .object({
          errorCode: z.string().min(1).max(32).describe("The error item's code, e.g. 010105 or one of the bank's"),
          errorMessage: localized,
          errorField: z.string().max(200).default('').describe('The field the item names'),
        })
        .strict(),
    )
    .min(1)
    .max(20)
    .describe('The items of the error body; the first gives operationStatus'),
  headers: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, 'an HTTP header name')
        .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), 'a header the sandbox writes itself'),
      z
        .string()
        .max(1000)
        .regex(/^[\t\x20-\x7e]*$/, 'printable ASCII'),
    )
    .optional()
    .describe('Headers added to the answer, e.g. Retry-After'),
})

export const ScenarioEffectSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('latency'),
      ms: z.number().int().min(1).max(60_000).describe('Delay before the (correct) answer, not scaled by SANDBOX_TIME_SCALE'),
    }),
    z.object({
      type: z.literal('httpError'),
      status: z.union([z.literal(500), z.literal(503), z.literal(429)]),
      retryAfterSeconds: z.number().int().min(1).max(3600).optional().describe('Retry-After of 503 and 429'),
    }),
    z.object({ type: z.literal('tokenExpired').describe('401 with the expired-token code 010502') }),
    errorAnswerEffect,
    z.object({
      type: z.literal('simulationEligibility'),
      eligible: z.boolean(),
      reasonCode: z.string().min(1).optional().describe('A code of simulation-reject-reasons (default BANK_POLICY)'),
    }),
    z.object({
      type: z.literal('simulationStatus'),
      status: simulationStatusCode.describe('Status the simulation is moved to right after it is created or updated'),
    }),
    z.object({
      type: z.literal('processLifecycle'),
      steps: z
        .array(
          z.object({
            afterSeconds: seconds.describe('Delay after the previous step (after Submit for the first), times SANDBOX_TIME_SCALE'),
            status: processStatusCode,
            rejectReasonCode: z.string().min(1).optional().describe('A code of proposal-reject-reasons, for REJECTED'),
            message: localized.optional().describe('A bank message written with the step'),
          }),
        )
        .min(1),
    }),
    z.object({
      type: z.literal('bankMessage'),
      afterSeconds: seconds,
      text: localized,
    }),
    z.object({
      type: z.literal('documentRequested'),
      afterSeconds: seconds,
      documentTypeId: z.number().int().positive(),
      text: localized,
    }),
    FaultEffectSchema,
  ])
  .openapi('ScenarioEffect')

export const MagicValueSchema = z
  .object({
    field: z.string().min(1).describe('Dotted path of a request field, e.g. borrowersSimulator.keyBorrowerName'),
    equals: z.union([z.string(), z.number()]),
  })
  .openapi('ScenarioMagicValue')

export const ScenarioSchema = z
  .object({
    $schema: z.string().optional().describe('./scenario.schema.json, for editors'),
    name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case name'),
    description: localized,
    triggers: z
      .object({
        header: z.boolean().default(true).describe('X-Sandbox-Scenario: <name> triggers it'),
        magicValues: z.array(MagicValueSchema).default([]),
      })
      .default({ header: true, magicValues: [] }),
    effects: z.array(ScenarioEffectSchema).min(1),
  })
  .strict()
  .openapi('Scenario')

export type Scenario = z.infer<typeof ScenarioSchema>
export type ScenarioEffect = z.infer<typeof ScenarioEffectSchema>
export type EffectOf<T extends ScenarioEffect['type']> = Extract<ScenarioEffect, { type: T }>

/** The first effect of a type, if the scenario has one. */
export function effectOf<T extends ScenarioEffect['type']>(scenario: Scenario | undefined, type: T): EffectOf<T> | undefined {
  return scenario?.effects.find((e): e is EffectOf<T> => e.type === type)
}
