import { describe, expect, it } from 'vitest'
import { SlotSet } from '../../src/common/slot-set.ts'

describe('SlotSet', () => {
  it('holds what was added until its slot is deleted, and lists only what it holds', () => {
    const set = new SlotSet<string>()
    const a = set.add('a')
    const b = set.add('b')
    set.add('c')
    set.delete(b)
    expect([...set]).toEqual(['a', 'c'])
    expect(set.size).toBe(2)
    set.delete(a)
    expect([...set]).toEqual(['c'])
  })

  it('takes a freed slot again, so a place that adds and deletes one value per request never grows past its peak', () => {
    const set = new SlotSet<object>()
    const held = Array.from({ length: 10 }, () => set.add({}))
    for (let round = 0; round < 1000; round++) {
      const slot = held.shift()!
      set.delete(slot)
      held.push(set.add({}))
    }
    expect(set.size).toBe(10)
    expect(Math.max(...held)).toBe(9)
  })

  it('frees a slot once when it is deleted twice, so two later values never share it', () => {
    const set = new SlotSet<string>()
    const a = set.add('a')
    set.delete(a)
    set.delete(a)
    const b = set.add('b')
    const c = set.add('c')
    expect(b).toBe(a)
    expect(c).not.toBe(b)
    expect([...set]).toEqual(['b', 'c'])
  })
})
