import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PROCESS_STATUSES, SIMULATION_STATUSES, type Lifecycle } from '../../../src/domain/workflow/index.ts'

interface SeedStatus {
  id: number
  code: string
  cancelable: boolean
  final: boolean
  updatable?: boolean
  editable?: boolean
}

const seedOf = (list: string) => (JSON.parse(readFileSync(`seeds/taxonomies/${list}.json`, 'utf8')) as { items: SeedStatus[] }).items

/** The seed files name the statuses; the domain rules them. Both must say the same, or the API contradicts itself. */
const cases: Array<{ list: string; lifecycle: Lifecycle<string>; flag: 'updatable' | 'editable' }> = [
  { list: 'workflow-states-simulation', lifecycle: SIMULATION_STATUSES, flag: 'updatable' },
  { list: 'workflow-states-proposal', lifecycle: PROCESS_STATUSES, flag: 'editable' },
]

describe.each(cases)('the seed of $list against src/domain/workflow', ({ list, lifecycle, flag }) => {
  const items = seedOf(list)

  it('holds the same codes under the same ids', () => {
    expect(Object.fromEntries(items.map((item) => [item.code, item.id]))).toEqual(Object.fromEntries(lifecycle.codes.map((code) => [code, lifecycle.id(code)])))
  })

  it('marks cancelable exactly the statuses that may move to Cancelled', () => {
    for (const item of items) expect(item.cancelable, item.code).toBe(lifecycle.isCancelable(item.code))
  })

  it('marks final exactly the statuses with no way out', () => {
    for (const item of items) expect(item.final, item.code).toBe(lifecycle.workflow[item.code]!.length === 0)
  })

  it(`marks ${flag} exactly the statuses the domain names`, () => {
    for (const item of items) expect(item[flag], item.code).toBe(lifecycle.has(flag, item.code))
  })
})
