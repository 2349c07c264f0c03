import { takeRandomBytes } from './random-pool.ts'

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits. Ids of
 * records created close together sort close together, so the indexes on them grow at their end
 * instead of touching a random page of the index for every insert (a v4 id does), which is what a
 * simulation create spends most of its commit on. Still an ordinary UUID for any client or schema.
 * @example timeOrderedUuid(new Date('2026-11-22T10:00:00Z')) // '019aab1f-7c00-7…'
 */
export function timeOrderedUuid(at: Date = new Date()): string {
  const random = takeRandomBytes(10)
  const ms = at.getTime()
  const high = Math.floor(ms / 0x1_0000_0000) // the top 16 of the 48 bits
  const low = ms >>> 0
  const hex = (n: number) => HEX[n & 0xff]!
  return (
    hex(high >>> 8) +
    hex(high) +
    hex(low >>> 24) +
    hex(low >>> 16) +
    '-' +
    hex(low >>> 8) +
    hex(low) +
    '-' +
    hex(0x70 | (random[0]! & 0x0f)) +
    hex(random[1]!) +
    '-' +
    hex(0x80 | (random[2]! & 0x3f)) +
    hex(random[3]!) +
    '-' +
    hex(random[4]!) +
    hex(random[5]!) +
    hex(random[6]!) +
    hex(random[7]!) +
    hex(random[8]!) +
    hex(random[9]!)
  )
}
