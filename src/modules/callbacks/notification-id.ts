import { takeRandomBytes } from '../../platform/ids/random-pool.ts'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * `msg_` + a ULID (48-bit time, 80 random bits, Crockford base32): sortable by creation time and
 * safe as the Standard Webhooks `webhook-id`.
 * @example notificationId(new Date('2026-01-15T10:00:00Z')) // 'msg_01KF0…'
 */
export function notificationId(at: Date): string {
  let time = at.getTime()
  let head = ''
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[time % 32]! + head
    time = Math.floor(time / 32)
  }
  const random = takeRandomBytes(10)
  let tail = ''
  let bits = 0
  let value = 0
  for (const byte of random) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      tail += CROCKFORD[(value >> bits) & 31]
    }
    value &= (1 << bits) - 1
  }
  return `msg_${head}${tail}`
}
