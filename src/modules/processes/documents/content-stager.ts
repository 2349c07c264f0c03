import { createHash } from 'node:crypto'
import { CONTENT_SLICE_BYTES, type DocumentRepository } from './documents.repository.ts'
import { tooLarge } from './multipart-upload.ts'

/** How much of the start of a file is kept to recognise its type (see file-type.ts). */
const HEAD_BYTES = 1024

/**
 * Writes an uploaded file into SQLite as it arrives: slices through one reused buffer, the
 * SHA-256 and size computed on the way, the first bytes kept to recognise the type. Memory stays at
 * one slice whatever the file's size.
 */
export class ContentStager {
  size = 0
  head = Buffer.alloc(0)
  private readonly hash = createHash('sha256')
  private readonly buffer = Buffer.allocUnsafe(CONTENT_SLICE_BYTES)
  private filled = 0
  private slice = 0

  constructor(
    private readonly documents: DocumentRepository,
    readonly key: string,
    private readonly maxBytes: number,
  ) {}

  /** @throws ApiError 413 as soon as the file passes the limit. */
  write(bytes: Buffer): void {
    this.size += bytes.length
    if (this.size > this.maxBytes) throw tooLarge(`${Math.round(this.maxBytes / 1024 / 1024)} MB`)
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, bytes.subarray(0, HEAD_BYTES - this.head.length)])
    this.hash.update(bytes)
    for (let at = 0; at < bytes.length;) {
      const copied = bytes.copy(this.buffer, this.filled, at, Math.min(bytes.length, at + CONTENT_SLICE_BYTES - this.filled))
      this.filled += copied
      at += copied
      if (this.filled === CONTENT_SLICE_BYTES) this.flush()
    }
  }

  /** Writes the last slice; answers the content's SHA-256 (hex). */
  close(): string {
    if (this.filled > 0) this.flush()
    return this.hash.digest('hex')
  }

  discard(): void {
    this.documents.discardStaged(this.key)
  }

  private flush(): void {
    this.documents.stageSlice(this.key, this.slice++, this.buffer.subarray(0, this.filled))
    this.filled = 0
  }
}
