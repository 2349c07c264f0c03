import { z } from '@hono/zod-openapi'

/**
 * The same object schema read leniently: every field optional, a value its own schema refuses read
 * as absent, unknown fields dropped. For rules that must run beside the strict schema's own
 * problems (every problem of a request in one answer) while reading each field by the schema's
 * types, not by hand.
 * @example lenient(LoanSimulatorSchema).parse({ loanAmount: 'x', loanPurposeId: 1 }) // { loanPurposeId: 1 }
 */
export function lenient<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodType<Partial<z.output<z.ZodObject<S>>>> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).optional().catch(undefined)]))
  return z.object(shape) as unknown as z.ZodType<Partial<z.output<z.ZodObject<S>>>>
}
