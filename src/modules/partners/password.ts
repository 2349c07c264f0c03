import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>
const KEY_LENGTH = 32
// The demo users have published passwords and every other password is generated (144 random bits,
// credentials.ts): a moderate cost keeps logins and seeding fast while the stored hashes follow the
// real scheme. The cost is stored with the hash, so it can change later.
const COST = 4096

const encode = (salt: Buffer, key: Buffer) => `scrypt$${COST}$${salt.toString('base64')}$${key.toString('base64')}`

/** `scrypt$<N>$<salt>$<key>`, salt and key in base64. Synchronous: for the seeded users, at start. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, { N: COST }))
}

/** The same, off the event loop: for passwords made while the sandbox answers other requests. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16)
  return encode(salt, await scryptAsync(password, salt, KEY_LENGTH, { N: COST }))
}

/**
 * A hash no password matches (its key is random, not derived), with the cost of real ones: an
 * unknown username, or a user without a password, is checked against it, so that every failed
 * login costs the same time and reveals nothing (docs/design.md "Authentication").
 */
export const UNMATCHABLE_HASH = encode(randomBytes(16), randomBytes(KEY_LENGTH))

export type PasswordVerifier = (password: string, stored: string) => Promise<boolean>

/** Constant-time check of a password against a stored hash; a malformed hash costs a real check and fails. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, key] = stored.split('$')
  const N = Number(cost)
  if (scheme !== 'scrypt' || !salt || !key || !Number.isInteger(N) || N < 2 || N > 2 ** 20) {
    await verifyPassword(password, UNMATCHABLE_HASH)
    return false
  }
  const expected = Buffer.from(key, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, { N })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
