import { randomFillSync } from 'node:crypto'

const POOL_SIZE = 4096
const pool = Buffer.allocUnsafe(POOL_SIZE)
let offset = POOL_SIZE

/**
 * `length` cryptographically random bytes from a pool refilled 4 KB at a time: one call into
 * OpenSSL per few hundred ids instead of one per id. The bytes are a view of the pool, valid until
 * the next call: read them at once.
 */
export function takeRandomBytes(length: number): Buffer {
  if (length > POOL_SIZE) throw new RangeError(`at most ${POOL_SIZE} bytes at a time`)
  if (offset + length > POOL_SIZE) {
    randomFillSync(pool)
    offset = 0
  }
  const bytes = pool.subarray(offset, offset + length)
  offset += length
  return bytes
}
