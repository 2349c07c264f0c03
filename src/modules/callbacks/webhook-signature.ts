import { createHmac, randomBytes } from 'node:crypto'

const PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of a random 32-byte key (Standard Webhooks). */
export const newSigningSecret = (): string => PREFIX + randomBytes(32).toString('base64')

/** What List shows of a secret: enough to tell two apart, never enough to sign. */
export const signingSecretPrefix = (secret: string): string => secret.slice(0, PREFIX.length + 4)

/**
 * The Standard Webhooks signature header value: `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed by the base64-decoded part of the secret.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}
