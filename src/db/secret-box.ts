import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { ConfigError } from '../platform/config.ts'
import type { Db } from './connection.ts'

/** How a sealed value begins: a stored value without it is in clear (a local run, or written before). */
const PREFIX = 'sealed:v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The signing secrets the sandbox stores (the generated token secret, the certification's Ed25519
 * key, the partners' webhook secrets), sealed with AES-256-GCM under a key derived from
 * SANDBOX_SECRETS_KEY (docs/decisions.md "Platform"). Without the setting they are stored in clear,
 * as a local run always did. Each value is sealed for a purpose (its setting or column), which the
 * seal authenticates: a sealed value copied to another place does not open there.
 */
export function createSecretBox(setting: string | undefined) {
  const key = setting === undefined ? undefined : Buffer.from(hkdfSync('sha256', setting, Buffer.alloc(0), 'mortgage-sandbox stored secrets v1', 32))

  const isSealed = (stored: string) => stored.startsWith(PREFIX)

  return {
    /** Whether values are sealed (SANDBOX_SECRETS_KEY is set). */
    sealing: key !== undefined,
    isSealed,

    /** The value as it is stored: sealed when there is a key, else as it is. */
    seal(plain: string, purpose: string): string {
      if (!key) return plain
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(purpose))
      const sealed = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return PREFIX + sealed.toString('base64url')
    },

    /**
     * The value of what is stored: opened when sealed, as it is when in clear.
     * @throws ConfigError when a sealed value meets no key, or a key that did not seal it.
     */
    open(stored: string, purpose: string): string {
      if (!isSealed(stored)) return stored
      if (!key) throw new ConfigError(`Invalid configuration: the database holds secrets sealed under SANDBOX_SECRETS_KEY (${purpose}), and it is not set`)
      const sealed = Buffer.from(stored.slice(PREFIX.length), 'base64url')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(Buffer.from(purpose))
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
        return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        throw new ConfigError(`Invalid configuration: SANDBOX_SECRETS_KEY does not open the secrets the database holds (${purpose}): it is not the key they were sealed with`)
      }
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>

/**
 * Rewrites stored secrets (`rewrite` returns how many), sealing those a key now covers, so that no
 * copy of them in clear stays in the file: SQLite zeroes the space the old values leave
 * (`secure_delete`), and the WAL, which may hold older pages, is emptied after.
 */
export function rewriteSecrets(db: Db, rewrite: () => number): number {
  db.pragma('secure_delete = ON')
  let rewritten: number
  try {
    rewritten = db.transaction(rewrite)()
  } finally {
    db.pragma('secure_delete = OFF')
  }
  if (rewritten > 0 && !db.memory) db.pragma('wal_checkpoint(TRUNCATE)')
  return rewritten
}
