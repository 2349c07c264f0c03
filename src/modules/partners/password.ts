import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { PasswordCost } from '../../platform/config.ts'
import type { HashQueue } from './hash-queue.ts'
import { deriveInThread } from './hash-threads.ts'

const KEY_LENGTH = 32
/** The most a stored hash may ask of one check: 128 · N · r bytes of memory (256 MiB). */
const MAX_MEMORY = 256 * 1024 * 1024

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

/**
 * scrypt on libuv's pool (never on the event loop). Unqueued: the hashes of a sandbox take turns in
 * its hash queue (hash-queue.ts), which `createPasswordHashing` puts them in.
 */
const derive = (password: string, salt: Buffer, length: number, cost: PasswordCost): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, optionsOf(cost), (error, key) => (error ? reject(error) : resolve(key))))

/** Whether a stored value is a password hash this file can check (not the fixtures' `fixture$no-login`). */
export const isPasswordHash = (stored: string): boolean => parse(stored) !== undefined

/** A hash at `cost`, synchronously: for the seeded users, at start. */
export function hashPasswordSync(password: string, cost: PasswordCost): string {
  const salt = randomBytes(16)
  return encode(cost, salt, scryptSync(password, salt, KEY_LENGTH, optionsOf(cost)))
}

/** A password check; `queueKey` names whose turn it takes in the hash queue (a partner, or an address). */
export type PasswordVerifier = (password: string, stored: string, queueKey: string) => Promise<boolean>

/**
 * Constant-time check of a password against a stored hash, at the cost the hash names, outside any
 * queue (the queued one is `createPasswordHashing(…).verify`). A value that is no hash fails at once:
 * callers give a user without one the unmatchable hash instead, so every failure costs the same.
 */
export const verifyPassword = (password: string, stored: string): Promise<boolean> => checkPassword(password, stored, derive)

/** The check, with the key derived by `by` (libuv's pool, or a hash thread at the queue's priority). */
async function checkPassword(password: string, stored: string, by: typeof derive): Promise<boolean> {
  const hash = parse(stored)
  if (!hash) return false
  const actual = await by(password, hash.salt, hash.key.length, hash.cost)
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key)
}

/**
 * Passwords hashed at the configured cost (docs/decisions.md "Platform"): new hashes and checks,
 * each taking its turn in `queue` under the key of whom it is for (a partner, or a client address),
 * the check of whether a stored hash is older and weaker, and a hash no password matches at the same
 * cost. @throws ApiError 429 (010512) from `hash` and `verify` when the key's queue or the whole one is full.
 */
export function createPasswordHashing(cost: PasswordCost, queue: HashQueue) {
  if (!acceptable(cost)) throw new Error(`scrypt cost out of bounds: N=${cost.N}, r=${cost.r}, p=${cost.p}`)
  return {
    cost,
    hash(password: string, queueKey: string): Promise<string> {
      const salt = randomBytes(16)
      return queue.run(queueKey, async (priority) => encode(cost, salt, await deriveInThread(priority, password, salt, KEY_LENGTH, optionsOf(cost))))
    },
    /** verifyPassword, in the queue; a value that is no hash fails at once, without a turn. */
    verify: ((password, stored, queueKey) =>
      isPasswordHash(stored)
        ? queue.run(queueKey, (priority) => checkPassword(password, stored, (p, salt, length, c) => deriveInThread(priority, p, salt, length, optionsOf(c))))
        : Promise.resolve(false)) satisfies PasswordVerifier,
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
