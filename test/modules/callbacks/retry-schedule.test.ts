import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, parseRetryAfter, retryDelayMs, RETRY_SCHEDULE_MS } from '../../../src/modules/callbacks/retry-schedule.ts'

const NOW = new Date('2026-01-15T10:00:00.000Z')

describe('retry schedule', () => {
  it('has eight attempts: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(MAX_ATTEMPTS).toBe(8)
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000])
  })

  it.each([
    [1, 0, 4500],
    [1, 1, 5500],
    [1, 0.5, 5000],
    [3, 0.5, 1_800_000],
  ])('step %i with random %d waits %i ms', (step, random, expected) => {
    expect(retryDelayMs(step, 1, null, () => random)).toBe(expected)
  })

  it('multiplies by the time scale', () => {
    expect(retryDelayMs(2, 0.001, null, () => 0.5)).toBe(300)
  })

  it('waits at least what Retry-After asks, scaled, and at most 10 h of it', () => {
    expect(retryDelayMs(1, 1, 60_000, () => 0.5)).toBe(60_000)
    expect(retryDelayMs(1, 1, 1_000, () => 0.5)).toBe(5_000)
    expect(retryDelayMs(1, 0.001, 60_000, () => 0.5)).toBe(60)
    expect(retryDelayMs(1, 1, 7 * 24 * 3_600_000, () => 0.5)).toBe(36_000_000)
  })
})

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Thu, 15 Jan 2026 10:01:00 GMT', 60_000],
    ['Thu, 15 Jan 2026 09:00:00 GMT', 0],
    ['soon', null],
    [undefined, null],
    ['-3', null],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected)
  })
})
