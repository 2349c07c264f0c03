import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { PasswordCost } from '../../config.ts'

const KEY_LENGTH = 32
/** The most a stored hash may ask of one check: 128 · N · r bytes of memory (256 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024
/**
 * Hashes computed at once: each takes 128 MiB and a thread of libuv's pool (four by default, shared
 * with file and DNS work), so a burst of logins waits its turn instead of taking them all.
 */
const MAX_CONCURRENT = 2

/**
 * The seeded demo users' cost: their passwords are published in the README, so hashing them dearly
 * protects nothing and the first start would wait for it. Like any older hash, each is upgraded to
 * the configured cost at its user's first login.
 */
export const SEED_PASSWORD_COST: PasswordCost = { N: 2 ** 12, r: 8, p: 1 }

interface ParsedHash {
  cost: PasswordCost
  salt: Buffer
  key: Buffer
}

const encode = (cost: PasswordCost, salt: Buffer, key: Buffer) => `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`

const acceptable = ({ N, r, p }: PasswordCost) =>
  Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0 && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16 && 128 * N * r <= MAX_MEMORY

/**
 * `scrypt$N=<N>,r=<r>,p=<p>$<salt>$<key>`, or the first format, `scrypt$<N>$<salt>$<key>` (r=8, p=1,
 * Node's defaults); undefined for anything else or a cost out of bounds.
 */
function parse(stored: string): ParsedHash | undefined {
  const [scheme, params, salt, key, ...rest] = stored.split('$')
  if (scheme !== 'scrypt' || !params || !salt || !key || rest.length > 0) return undefined
  let cost: PasswordCost
  if (/^\d+$/.test(params)) cost = { N: Number(params), r: 8, p: 1 }
  else {
    const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(params)
    if (!match) return undefined
    cost = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) }
  }
  return acceptable(cost) ? { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') } : undefined
}

const optionsOf = ({ N, r, p }: PasswordCost): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r })

let running = 0
const waiting: Array<() => void> = []

/** scrypt on libuv's pool (never on the event loop), at most MAX_CONCURRENT at a time. */
async function derive(password: string, salt: Buffer, length: number, cost: PasswordCost): Promise<Buffer> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, optionsOf(cost), (error, key) => (error ? reject(error) : resolve(key))))
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

/** Whether a stored value is a password hash this file can check (not the fixtures' `fixture$no-login`). */
export const isPasswordHash = (stored: string): boolean => parse(stored) !== undefined

/** A hash at `cost`, synchronously: for the seeded users, at start. */
export function hashPasswordSync(password: string, cost: PasswordCost): string {
  const salt = randomBytes(16)
  return encode(cost, salt, scryptSync(password, salt, KEY_LENGTH, optionsOf(cost)))
}

export type PasswordVerifier = (password: string, stored: string) => Promise<boolean>

/**
 * Constant-time check of a password against a stored hash, at the cost the hash names. A value that
 * is no hash fails at once: callers give a user without one the unmatchable hash instead, so every
 * failure costs the same.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored)
  if (!hash) return false
  const actual = await derive(password, hash.salt, hash.key.length, hash.cost)
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key)
}

/**
 * Passwords hashed at the configured cost (docs/decisions.md "Platform"): new hashes, the check of
 * whether a stored one is older and weaker, and a hash no password matches at the same cost.
 */
export function createPasswordHashing(cost: PasswordCost) {
  if (!acceptable(cost)) throw new Error(`scrypt cost out of bounds: N=${cost.N}, r=${cost.r}, p=${cost.p}`)
  return {
    cost,
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16)
      return encode(cost, salt, await derive(password, salt, KEY_LENGTH, cost))
    },
    /** Whether a stored hash is cheaper than the configured cost in any parameter: upgraded at the next login. */
    outdated(stored: string): boolean {
      const hash = parse(stored)
      return hash !== undefined && (hash.cost.N < cost.N || hash.cost.r < cost.r || hash.cost.p < cost.p)
    },
    /**
     * A hash no password matches (its key is random, not derived), at the configured cost: an unknown
     * username, or a user without a password, is checked against it, so that every failed login
     * costs the same time and reveals nothing (docs/design.md "Authentication").
     */
    unmatchable: encode(cost, randomBytes(16), randomBytes(KEY_LENGTH)),
  }
}

export type PasswordHashing = ReturnType<typeof createPasswordHashing>
