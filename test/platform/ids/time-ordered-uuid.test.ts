import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { takeRandomBytes } from '../../../src/platform/ids/random-pool.ts'
import { timeOrderedUuid } from '../../../src/platform/ids/time-ordered-uuid.ts'

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID of the RFC 9562 variant, accepted as a UUID', () => {
    const id = timeOrderedUuid()
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(z.uuid().safeParse(id).success).toBe(true)
  })

  it.each([
    ['1970-01-01T00:00:00.000Z', '00000000-0000'],
    ['2026-11-22T10:00:00.000Z', '01a202b2-c500'],
    ['+010889-08-02T05:31:50.655Z', 'ffffffff-ffff'],
  ])('carries the time %s in its first 48 bits (%s)', (at, prefix) => {
    expect(timeOrderedUuid(new Date(at)).slice(0, 13)).toBe(prefix)
  })

  it('sorts ids of later times after earlier ones', () => {
    const times = [0, 1, 255, 256, 65_536, 1_763_805_600_000, 1_763_805_600_001]
    const ids = times.map((t) => timeOrderedUuid(new Date(t)))
    expect([...ids].sort()).toEqual(ids)
  })

  it('never repeats within the same millisecond', () => {
    const at = new Date()
    const ids = new Set(Array.from({ length: 20_000 }, () => timeOrderedUuid(at)))
    expect(ids.size).toBe(20_000)
  })
})

describe('takeRandomBytes', () => {
  it('gives fresh bytes on every call, across refills of the pool', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2_000; i++) seen.add(takeRandomBytes(10).toString('hex'))
    expect(seen.size).toBe(2_000)
  })

  it('refuses more than the pool holds', () => {
    expect(() => takeRandomBytes(5000)).toThrow(RangeError)
  })
})
