import { z } from '@hono/zod-openapi'
import { MAX_OFFSET_SECONDS } from './clock-offsets.repository.ts'
import { MAX_ADVANCE_SECONDS } from './sandbox-clock.service.ts'

export const ClockSchema = z
  .object({
    now: z.iso.datetime().openapi({ description: "The partner's time: what its status dates, history, messages and notifications read", example: '2026-11-25T10:00:00.000Z' }),
    offsetSeconds: z.number().openapi({ description: "How far the partner's clock is ahead of the sandbox's (0 until the first advance)", example: 0 }),
  })
  .openapi('SandboxClock')

export const AdvanceBodySchema = z
  .object({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_ADVANCE_SECONDS)
      .openapi({
        description: `Seconds to move the clock forward: a whole number from 1 to ${MAX_ADVANCE_SECONDS} (400 days), and at most ${MAX_OFFSET_SECONDS} (10 years) ahead of the sandbox's time in all (010104 past it). The clock never goes back.`,
        example: 35,
      }),
  })
  .openapi('SandboxClockAdvance')

export const AdvanceResultSchema = ClockSchema.extend({
  advancedSeconds: z.number().int().openapi({ example: 35 }),
  jobsRun: z.number().int().openapi({ description: 'Scenario jobs that fell due and ran (process steps, bank messages, document requests)', example: 2 }),
  deliveryAttempts: z.number().int().openapi({ description: 'Callback delivery attempts made (first attempts and retries), each really sent', example: 4 }),
}).openapi('SandboxClockAdvanceResult')

export const ReturnResultSchema = ClockSchema.extend({
  returnedSeconds: z.number().openapi({ description: 'How far ahead the clock was before it came back (0 when it was not ahead)', example: 86400 }),
}).openapi('SandboxClockReturnResult')
