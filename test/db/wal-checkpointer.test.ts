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

  it('comes back at the stream pace after a checkpoint that found a stream of writes, not at the quiet one', async () => {
    const file = join(tempDir('wal-checkpointer'), 'sandbox.db')
    db = openDatabase(file)
    db.exec('CREATE TABLE t (x BLOB)')
    const insert = db.prepare('INSERT INTO t VALUES (randomblob(3000))')
    const burst = db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run()
    })
    const quietMs = 4_000
    checkpointer = startWalCheckpointer(file, (error) => expect.fail(error), { intervalMs: quietMs, streamIntervalMs: 20, streamPagesPerMs: 0.01 })
    burst()
    // The first checkpoint comes at the quiet pace and finds 500 pages: a stream.
    await checkpointedPast(file, statSync(file).size, quietMs * 5)
    burst()
    // The next one follows at the stream pace: well before the quiet pace would bring it.
    expect(await checkpointedPast(file, statSync(file).size, quietMs * 5)).toBeLessThan(quietMs / 2)
  })
})
