import { createHash, randomBytes, randomInt } from 'node:crypto'

/**
 * A login name from a person's or company's name: lowercase ASCII words joined by dashes, at most
 * 24 characters, and a random suffix so that two "Casa Nova" partners never collide.
 * @example usernameFor('Crédito Fácil, Lda.') // 'credito-facil-lda-7k3f'
 */
export function usernameFor(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g) ?? ['partner']
  let base = ''
  for (const word of words) {
    const next = base ? `${base}-${word}` : word
    if (next.length > 24) break
    base = next
  }
  return `${base || words[0]!.slice(0, 24)}-${randomBytes(3).toString('hex').slice(0, 4)}`
}

/** A generated password: 144 random bits, base64url (24 characters), shown once. */
export const newPassword = (): string => randomBytes(18).toString('base64url')

/** A broker's register number at Banco de Portugal: 7 digits. */
export const registrationNumber = (): string => String(randomInt(0, 10_000_000)).padStart(7, '0')

/** An invitation code: 20 random characters, easy to paste; stored only as its SHA-256. */
export const newInvitationCode = (): string => `inv_${randomBytes(15).toString('base64url')}`

export const hashInvitationCode = (code: string): string => createHash('sha256').update(code.trim()).digest('hex')
