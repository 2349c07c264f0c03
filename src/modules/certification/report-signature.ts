import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto'
import type { Db } from '../../db/connection.ts'
import type { SecretBox } from '../../db/secret-box.ts'
import { readSecretSetting, writeSecretSetting } from '../../db/settings.repository.ts'

const KEY_SETTING = 'certification_signing_key'

/** JSON with every object's keys sorted, no spaces: the exact bytes a signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

export interface SignedReport<T> {
  report: T
  signature: { algorithm: 'Ed25519'; keyId: string; value: string }
}

/**
 * The sandbox's Ed25519 key for certification reports: generated once and kept in the database (a
 * restart keeps it, so earlier reports still check), sealed under SANDBOX_SECRETS_KEY when it is
 * set; published as its public half. The signature covers the canonical JSON of the report.
 */
export function createReportSigner(db: Db, secrets: SecretBox) {
  let pem = readSecretSetting(db, KEY_SETTING, secrets)
  if (!pem) {
    pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    writeSecretSetting(db, KEY_SETTING, pem, secrets)
  }
  const privateKey = createPrivateKey(pem)
  const publicKey = createPublicKey(privateKey)
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const keyId = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64url')
    .slice(0, 16)
  return {
    keyId,
    publicKey: { keyId, algorithm: 'Ed25519' as const, publicKeyPem, jwk: publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string } },
    sign<T>(report: T): SignedReport<T> {
      return { report, signature: { algorithm: 'Ed25519', keyId, value: sign(null, Buffer.from(canonicalJson(report)), privateKey).toString('base64url') } }
    },
  }
}

/** Whether a signed report is intact and signed by the key given (the bank's check, also in `mortgage-sandbox certify --check-report`). */
export function verifyReport(signed: SignedReport<unknown>, publicKeyPem: string): boolean {
  if (signed?.signature?.algorithm !== 'Ed25519' || typeof signed.signature.value !== 'string') return false
  const key: KeyObject = createPublicKey(publicKeyPem)
  return verify(null, Buffer.from(canonicalJson(signed.report)), key, Buffer.from(signed.signature.value, 'base64url'))
}

export type ReportSigner = ReturnType<typeof createReportSigner>
