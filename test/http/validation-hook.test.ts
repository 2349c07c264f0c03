import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { problemsFromZod } from '../../src/common/zod-problems.ts'

const schema = z.object({
  loanSimulator: z.object({
    loanAmount: z.number().positive(),
    loanDurationMonths: z.number().int().min(12).max(480),
    hasCrossSelling: z.boolean(),
  }),
  email: z.email().optional(),
  kind: z.enum(['a', 'b']).optional(),
})

const problems = (input: unknown) => {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected a failure')
  return problemsFromZod(result.error, input)
}

describe('zod issues become catalogue problems naming the dotted field', () => {
  it('a missing group is 010101 on the group', () => {
    expect(problems({})).toEqual([{ key: 'MISSING_FIELD', field: 'loanSimulator' }])
  })

  it('missing, wrong type and out of range fields inside a group', () => {
    expect(problems({ loanSimulator: { loanAmount: 'ten', loanDurationMonths: 6 } })).toEqual([
      { key: 'INVALID_TYPE', field: 'loanSimulator.loanAmount', params: { expected: 'number' } },
      { key: 'OUT_OF_RANGE', field: 'loanSimulator.loanDurationMonths', params: { limit: '>= 12' } },
      { key: 'MISSING_FIELD', field: 'loanSimulator.hasCrossSelling' },
    ])
  })

  it('a bad format and a value outside an enumeration', () => {
    const input = { loanSimulator: { loanAmount: 1, loanDurationMonths: 12, hasCrossSelling: true }, email: 'x', kind: 'c' }
    expect(problems(input)).toEqual([
      { key: 'INVALID_FORMAT', field: 'email', params: { format: 'email' } },
      { key: 'INVALID_VALUE', field: 'kind' },
    ])
  })

  it('a body that is not an object names the body', () => {
    expect(problems([1])).toEqual([{ key: 'INVALID_TYPE', field: 'body', params: { expected: 'object' } }])
  })
})
