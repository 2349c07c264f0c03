import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isFinal, PROCESS_STATUS_CODES, PROCESS_WORKFLOW, processTransition, type ProcessStatusCode } from '../../../src/domain/workflow/index.ts'

const ALLOWED: Array<[ProcessStatusCode, ProcessStatusCode]> = [
  ['DRAFT', 'SUBMITTED'],
  ['DRAFT', 'CANCELLED'],
  ['SUBMITTED', 'IN_ANALYSIS'],
  ['SUBMITTED', 'REJECTED'],
  ['SUBMITTED', 'CANCELLED'],
  ['IN_ANALYSIS', 'APPROVED'],
  ['IN_ANALYSIS', 'REJECTED'],
  ['IN_ANALYSIS', 'CANCELLED'],
  ['APPROVED', 'CONTRACTED'],
  ['APPROVED', 'CANCELLED'],
]
const key = (from: string, to: string) => `${from}>${to}`
const allowed = new Set(ALLOWED.map(([from, to]) => key(from, to)))
const pairs = PROCESS_STATUS_CODES.flatMap((from) => PROCESS_STATUS_CODES.map((to) => [from, to] as const))

describe('the process workflow', () => {
  it.each(ALLOWED)('allows %s to %s', (from, to) => {
    expect(processTransition(from, to)).toEqual({ allowed: true })
  })

  it.each(pairs.filter(([from, to]) => !allowed.has(key(from, to))))('refuses %s to %s, naming where it may go instead', (from, to) => {
    expect(processTransition(from, to)).toEqual({ allowed: false, from, to, next: PROCESS_WORKFLOW[from] })
  })

  it.each([
    ['REJECTED', true],
    ['CONTRACTED', true],
    ['CANCELLED', true],
    ['DRAFT', false],
    ['APPROVED', false],
  ] as const)('%s is final: %s', (status, final) => {
    expect(isFinal(PROCESS_WORKFLOW, status)).toBe(final)
  })

  it('agrees with the final and cancelable flags of workflow-states-proposal', () => {
    const items = JSON.parse(readFileSync('seeds/taxonomies/workflow-states-proposal.json', 'utf8')).items as Array<{
      code: ProcessStatusCode
      final: boolean
      cancelable: boolean
    }>
    expect(items.map((i) => i.code).sort()).toEqual([...PROCESS_STATUS_CODES].sort())
    for (const item of items) {
      expect(isFinal(PROCESS_WORKFLOW, item.code), item.code).toBe(item.final)
      expect(PROCESS_WORKFLOW[item.code].includes('CANCELLED'), item.code).toBe(item.cancelable)
    }
  })
})
