import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/db/connection.ts'
import { startWalCheckpointer } from '../../src/db/wal-checkpointer.ts'
import { tempDir } from '../support/temp-dir.ts'

/** Waits until the database file itself (not its WAL) has grown past `size`: a checkpoint copied pages into it. */
async function checkpointedPast(file: string, size: number, withinMs: number): Promise<number> {
  const start = performance.now()
  while (statSync(file).size <= size) {
    if (performance.now() - start > withinMs) throw new Error(`no checkpoint within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - start
}

describe('WAL checkpointer', () => {
  let db: Db | undefined
  let checkpointer: ReturnType<typeof startWalCheckpointer> | undefined
  afterEach(async () => {
    await checkpointer?.stop()
    db?.close()
  })

  it('checkpoints a stream of writes at the stream pace, not at the quiet one', async () => {
    const file = join(tempDir('wal-checkpointer'), 'sandbox.db')
    db = openDatabase(file)
    db.exec('CREATE TABLE t (x BLOB)')
    const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))')
    // A page written every few milliseconds until the test ends, as a stream of creates writes.
    let streaming = true
    const stream = (async () => {
      while (streaming) {
        insert.run()
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    })()
    const quietMs = 4_000
    checkpointer = startWalCheckpointer(file, (error) => expect.fail(error), { intervalMs: quietMs, streamIntervalMs: 50, streamPagesPerMs: 0.001 })
    try {
      // The first checkpoint comes at the quiet pace and finds the stream.
      await checkpointedPast(file, statSync(file).size, quietMs * 5)
      // The next ones follow at the stream pace: well before the quiet pace would bring them.
      for (let i = 0; i < 3; i++) expect(await checkpointedPast(file, statSync(file).size, quietMs * 5)).toBeLessThan(quietMs / 2)
    } finally {
      streaming = false
      await stream
    }
  })
})
