import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of a random 32-byte key (Standard Webhooks). */
export const newSigningSecret = (): string => PREFIX + randomBytes(32).toString('base64')

/** What List shows of a secret: enough to tell two apart, never enough to sign. */
export const signingSecretPrefix = (secret: string): string => secret.slice(0, PREFIX.length + 4)

const keyOf = (secret: string): Buffer => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')

/**
 * A secret of its own for `label`, derived from `secret` (HMAC-SHA256): stable as long as `secret`
 * is, and telling nothing of it or of any other label's.
 */
export const derivedSigningSecret = (secret: string, label: string): string => PREFIX + createHmac('sha256', keyOf(secret)).update(label).digest('base64')

/**
 * The Standard Webhooks signature header value: `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed by the base64-decoded part of the secret.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}
