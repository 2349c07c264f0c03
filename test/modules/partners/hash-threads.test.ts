import { scryptSync } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deriveInThread, type HashPriority } from '../../../src/modules/partners/hash-threads.ts'

/** 64 MiB, a few hundred milliseconds: long enough to see the thread run it. */
const SLOW = { N: 2 ** 16, r: 8, p: 2, maxmem: 256 * 2 ** 16 * 8 }

/**
 * The nice values of this process's threads that are running (Linux: /proc/self/task/<id>/stat, its
 * state `R` and its 19th field). Only running ones: the test files share their process, and an idle
 * thread another file's hashes left (sleeping, `S`) is not the one under test.
 */
function runningThreadNices(): number[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return fields[0] === 'R' ? [Number(fields[16])] : []
    } catch {
      return []
    }
  })
}

/** Runs a hash at `priority` and reads the threads' nice values until it is done: whether one was at 19 meanwhile. */
async function sawNice19While(priority: HashPriority, salt: Buffer): Promise<{ key: Buffer; saw: boolean }> {
  let done = false
  const hash = deriveInThread(priority, 'correct horse', salt, 64, SLOW).finally(() => (done = true))
  let saw = false
  while (!done) {
    saw ||= runningThreadNices().includes(19)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { key: await hash, saw }
}

describe.runIf(process.platform === 'linux')('the password hash threads', () => {
  it('derive the same key as scrypt; a backlog hash runs at nice 19, a first one at the process priority', async () => {
    const salt = Buffer.from('0123456789abcdef')
    const expected = scryptSync('correct horse', salt, 64, SLOW)
    const first = await sawNice19While('first', salt)
    expect(first.key.equals(expected)).toBe(true)
    expect(first.saw).toBe(false)
    const backlog = await sawNice19While('backlog', salt)
    expect(backlog.key.equals(expected)).toBe(true)
    expect(backlog.saw).toBe(true)
  })

  it('refuses a cost past its memory bound, naming why, and the next hash runs', async () => {
    await expect(deriveInThread('first', 'x', Buffer.alloc(16), 64, { N: 2 ** 20, r: 8, p: 1, maxmem: 1024 })).rejects.toThrow(/memory|maxmem|invalid/i)
    const key = await deriveInThread('first', 'x', Buffer.alloc(16), 64, { N: 1024, r: 8, p: 1 })
    expect(key.equals(scryptSync('x', Buffer.alloc(16), 64, { N: 1024, r: 8, p: 1 }))).toBe(true)
  })
})
