import type { Config } from '../../platform/config.ts'
import { ApiError } from '../../common/api-error.ts'
import type { PartnerRepository, PartnerUsage } from './partners.repository.ts'

export type QuotaKind = 'simulations' | 'processes' | 'documentBytes' | 'callbackConfigurations' | 'scenarios' | 'storageBytes'
/** The quotas counted in bytes: what an upload reserves while it streams in. */
export type ByteQuotaKind = 'documentBytes' | 'storageBytes'

const KINDS: readonly QuotaKind[] = ['simulations', 'processes', 'documentBytes', 'callbackConfigurations', 'scenarios', 'storageBytes']
const BYTE_KINDS: readonly ByteQuotaKind[] = ['documentBytes', 'storageBytes']

/** The bytes an upload may still store, and the quota that bounds them. */
export interface Room {
  kind: ByteQuotaKind
  bytes: number
}

/**
 * Bytes an upload holds against its partner's byte quotas while it streams in, before any of it is
 * stored: every other write of the partner sees them as used, so concurrent uploads cannot
 * together pass a quota that each fits alone.
 */
export interface UploadReservation {
  /** What the upload may take in all; null when no byte quota applies. */
  room(): Room | null
  /** @throws ApiError 409 (010605) when `bytes` more than the upload holds cannot fit its room (a declared length). */
  assertFits(bytes: number): void
  /** @throws ApiError 409 (010605) as soon as the upload's running total passes its room. */
  take(bytes: number): void
  /** Ends the reservation: after the upload is stored (its bytes then counted by the triggers) or refused. */
  release(): void
}

const quotaError = (kind: QuotaKind, limit: number) => new ApiError('QUOTA_EXCEEDED', { field: kind, params: { quota: kind, limit } })

/**
 * What a document costs in the storage quota besides its file (its metadata, its slices' keys, its
 * index entries, the slack of its last page; measured: 455 bytes for a small file): without it, a
 * million one-byte files would cost a partner nothing.
 */
export const DOCUMENT_ROW_BYTES = 1024

/** The documents' share of the storage: their files and their rows. */
const documentStorage = (u: PartnerUsage) => u.documentBytes + DOCUMENT_ROW_BYTES * u.documentRows

/** Every byte the partner stores, whatever its kind. */
const storedBytes = (u: PartnerUsage) => documentStorage(u) + u.mailBytes + u.messageBytes + u.scenarioBytes + u.journalBytes

/**
 * A partner's stored-data quotas (docs/design.md "Partners"): what it stores is counted by triggers
 * (migrations 009 and 015), so a check reads one row. A full quota answers 409 (010605) naming it.
 * `storageBytes` counts every byte: documents, e-mails with attachments, messages, scenarios and the request
 * journal, whose ring bound (`journalBytes`) is kept room inside it from the start, so the journal
 * never refuses a request and a partner never stores more than the quota.
 */
export function createQuotas(deps: { repo: Pick<PartnerRepository, 'usage'>; limits: Config['quotas']; journalBytes: number }) {
  const { limits } = deps
  /** Bytes of uploads streaming in, per partner. */
  const inFlight = new Map<string, number>()

  /** What a check counts as used: for the storage quota the journal's whole ring, and uploads under way. */
  function usedForCheck(kind: QuotaKind, usage: PartnerUsage, partnerUniqueID: string, ownInFlight = 0): number {
    const streaming = (inFlight.get(partnerUniqueID) ?? 0) - ownInFlight
    if (kind === 'storageBytes') return documentStorage(usage) + usage.mailBytes + usage.messageBytes + usage.scenarioBytes + deps.journalBytes + streaming
    if (kind === 'documentBytes') return usage.documentBytes + streaming
    return usage[kind]
  }

  /**
   * The tightest byte quota's room for an upload of the partner: `replaced` is the size of the file
   * it replaces (room it frees), or null for a new document (whose row takes room in storageBytes).
   */
  function roomOf(partnerUniqueID: string, ownInFlight: number, replaced: number | null): Room | null {
    const usage = deps.repo.usage(partnerUniqueID)
    let room: Room | null = null
    for (const kind of BYTE_KINDS) {
      const limit = limits[kind]
      if (limit === null) continue
      const credit = replaced ?? (kind === 'storageBytes' ? -DOCUMENT_ROW_BYTES : 0)
      const bytes = limit - usedForCheck(kind, usage, partnerUniqueID, ownInFlight) + credit
      if (room === null || bytes < room.bytes) room = { kind, bytes }
    }
    return room
  }

  return {
    limits,
    /** @throws ApiError 409 (010605) when storing `adding` more would pass the partner's quota. */
    assertRoom(partnerUniqueID: string, kind: QuotaKind, adding = 1): void {
      const limit = limits[kind]
      if (limit === null) return
      if (usedForCheck(kind, deps.repo.usage(partnerUniqueID), partnerUniqueID) + adding <= limit) return
      throw quotaError(kind, limit)
    },

    /** Whether `adding` more fits the partner's quota: for what the sandbox keeps on its own, and skips when it does not fit. */
    hasRoom(partnerUniqueID: string, kind: QuotaKind, adding = 1): boolean {
      const limit = limits[kind]
      return limit === null || usedForCheck(kind, deps.repo.usage(partnerUniqueID), partnerUniqueID) + adding <= limit
    },

    /** An upload's hold on the byte quotas; `replaced`: the size of the file it replaces, null for a new document. */
    reserve(partnerUniqueID: string, replaced: number | null): UploadReservation {
      let own = 0
      return {
        room: () => roomOf(partnerUniqueID, own, replaced),
        assertFits(bytes: number): void {
          const room = roomOf(partnerUniqueID, own, replaced)
          if (room !== null && own + bytes > room.bytes) throw quotaError(room.kind, limits[room.kind]!)
        },
        take(bytes: number): void {
          own += bytes
          inFlight.set(partnerUniqueID, (inFlight.get(partnerUniqueID) ?? 0) + bytes)
          const room = roomOf(partnerUniqueID, own, replaced)
          if (room !== null && own > room.bytes) throw quotaError(room.kind, limits[room.kind]!)
        },
        release(): void {
          const left = (inFlight.get(partnerUniqueID) ?? 0) - own
          if (left > 0) inFlight.set(partnerUniqueID, left)
          else inFlight.delete(partnerUniqueID)
          own = 0
        },
      }
    },

    /** Each quota with its limit (null: none) and what the partner uses of it; the storage quota with what uses it. */
    of(partnerUniqueID: string) {
      const usage = deps.repo.usage(partnerUniqueID)
      const quotas = Object.fromEntries(KINDS.map((kind) => [kind, { limit: limits[kind], used: kind === 'storageBytes' ? storedBytes(usage) : usage[kind] }])) as Record<
        QuotaKind,
        { limit: number | null; used: number }
      >
      const { mailBytes, messageBytes, scenarioBytes, journalBytes } = usage
      return {
        ...quotas,
        storageBytes: {
          ...quotas.storageBytes,
          journalReserved: deps.journalBytes,
          byKind: { documentBytes: documentStorage(usage), mailBytes, messageBytes, scenarioBytes, journalBytes },
        },
      }
    },
  }
}

export type Quotas = ReturnType<typeof createQuotas>
