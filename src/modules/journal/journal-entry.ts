import type { RequestOrigin } from '../../common/request-origin.ts'

/** One journaled request and its answer, as stored (bodies already redacted and bounded). */
export interface JournalEntry {
  requestId: string
  partnerUniqueID: string
  brokerId: number
  userId: number
  /** When, on the partner's test clock. */
  at: string
  /** When the sandbox really received it: the certification's windows and timings read it, never the test clock. */
  receivedAt: string
  method: string
  path: string
  query: string | null
  status: number
  durationMs: number
  scenario: string | null
  /** The network fault the request was answered with (its scenario's), and whether the operation ran first. */
  fault: { kind: string; afterWrite: boolean } | null
  requestHeaders: Record<string, string>
  requestBody: string | null
  requestTruncated: boolean
  responseContentType: string | null
  /** The answer's headers as sent (no cookies); null for entries journaled before they were kept. */
  responseHeaders: Record<string, string> | null
  responseBody: string | null
  responseTruncated: boolean
  errors: unknown[] | null
  /** The id (jti) of the token the request used. */
  tokenId: string | null
  /** The Retry-After the answer carried (a 429, a 503). */
  retryAfter: string | null
  /** Who made the request, as the sandbox knows it (not from a header): a client, or the console's "try it". */
  origin: RequestOrigin
}

/** An entry as a list shows it: without its headers and bodies, with its place in the journal. */
export type JournalSummary = Omit<
  JournalEntry,
  'requestHeaders' | 'requestBody' | 'requestTruncated' | 'responseContentType' | 'responseHeaders' | 'responseBody' | 'responseTruncated'
> & { seq: number }
