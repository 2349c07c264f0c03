/**
 * What an entry says an action asked for, from the fields of its body named here and no others:
 * passwords, tokens, verification codes and webhook secrets are never among them (the answers that
 * carry a password or a secret are not read at all). A callback address keeps only its host: its
 * path or query may hold a partner's own credentials.
 */
const SUMMARY_FIELDS: Record<string, readonly string[]> = {
  'POST /sandbox/account/brokers': ['name', 'registrationNumber'],
  'POST /sandbox/account/users': ['brokerId', 'name', 'email', 'admin'],
  'PUT /sandbox/account/users/{userId}/admin': ['admin'],
  'PUT /sandbox/account/language': ['language'],
  'POST /sandbox/account/mail-recipients': ['email'],
  'PUT /{partnerUniqueID}/callbacks/{notificationType}': ['callbackUrl'],
  'POST /sandbox/clock/advance': ['seconds'],
  'POST /console/drive/advance': ['seconds'],
  'POST /sandbox/certification/runs': ['checks'],
  'POST /sandbox/operator/partners': ['partnerName', 'contactEmail'],
  'POST /sandbox/operator/partners/{partnerUniqueID}/suspend': ['reason'],
  'POST /sandbox/operator/invitations': ['note', 'expiresInDays'],
}

const MAX_VALUE_CHARS = 120
const MAX_SUMMARY_CHARS = 500

function shown(field: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined
  if (field === 'callbackUrl') {
    try {
      return new URL(String(value)).host
    } catch {
      return undefined
    }
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text
}

/** `name=Casa Nova Porto, admin=true`: the named fields the body sent, or '' when none. */
export function auditSummary(action: string, body: unknown): string {
  const fields = SUMMARY_FIELDS[action]
  if (!fields || body === null || typeof body !== 'object' || Array.isArray(body)) return ''
  const parts: string[] = []
  for (const field of fields) {
    const value = shown(field, (body as Record<string, unknown>)[field])
    if (value !== undefined) parts.push(`${field}=${value}`)
  }
  return parts.join(', ').slice(0, MAX_SUMMARY_CHARS)
}
