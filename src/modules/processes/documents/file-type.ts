import type { DocumentContentType } from './documents.schemas.ts'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PDF = Buffer.from('%PDF-', 'latin1')

/**
 * The type of a file from its first bytes (magic numbers), whatever its name or declared type:
 * PDF ("%PDF-" within the first 1024 bytes, as readers accept it), JPEG (FF D8 FF), PNG (its
 * 8-byte signature). null for anything else.
 * @example sniffContentType(Buffer.from('%PDF-1.7\n…')) // 'application/pdf'
 */
export function sniffContentType(bytes: Uint8Array): DocumentContentType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024))
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  if (head.length >= PNG.length && head.subarray(0, PNG.length).equals(PNG)) return 'image/png'
  if (head.indexOf(PDF) >= 0) return 'application/pdf'
  return null
}
