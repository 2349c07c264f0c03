import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeCacheFileOf } from '../src/cli/code-cache.ts'
import { fromRoot } from '../src/platform/package-root.ts'

// A bundle that reports what the start did with its cache, and computes something from its own text.
const bundle = (n: number) => `#!/usr/bin/env node
'use strict';
const handle = globalThis[Symbol.for('mortgage-sandbox.code-cache')]
function sum(k) { let s = 0; for (let i = 0; i < k; i++) s += i; return s }
const strict = (function () { return this === undefined })()
console.log(JSON.stringify({ state: handle.state, sum: sum(${n}), strict, file: __filename, joined: require('node:path').join('a', 'b'), saved: handle.state === 'used' ? false : handle.save() }))
`

const dir = mkdtempSync(join(tmpdir(), 'code-cache-'))
const app = join(dir, 'app.cjs')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the bundle as dist/cli.js does, in a process of its own. */
function start(env: Record<string, string> = {}) {
  const runner = `import(${JSON.stringify(fromRoot('src', 'cli', 'code-cache.ts'))}).then((m) => m.runBundle(${JSON.stringify(app)}))`
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', runner], { env: { ...process.env, ...env }, encoding: 'utf8' })
  return JSON.parse(out) as { state: string; sum: number; strict: boolean; file: string; joined: string; saved: boolean }
}

describe('the bundle runs with its compiled code cached between starts', () => {
  it('compiles and writes the cache at the first start, reads it at the next, and runs the same code either way', () => {
    writeFileSync(app, bundle(10))
    const first = start()
    expect(first).toEqual({ state: 'missing', sum: 45, strict: true, file: app, joined: join('a', 'b'), saved: true })
    expect(existsSync(codeCacheFileOf(app, readFileSync(app, 'utf8').replace(/^#!.*/, '')))).toBe(true)
    expect(start()).toMatchObject({ state: 'used', sum: 45, strict: true })
  })

  it('never runs the cache of another bundle text, even one of the same length (V8 checks only the length), and drops the old one', () => {
    const old = codeCacheFileOf(app, readFileSync(app, 'utf8').replace(/^#!.*/, ''))
    writeFileSync(app, bundle(11))
    expect(start()).toMatchObject({ state: 'missing', sum: 55, saved: true })
    expect(start()).toMatchObject({ state: 'used', sum: 55 })
    expect(existsSync(old)).toBe(false)
  })

  it('starts without a cache V8 refuses (damaged, or made under other flags) and writes a good one', () => {
    writeFileSync(codeCacheFileOf(app, readFileSync(app, 'utf8').replace(/^#!.*/, '')), Buffer.alloc(4096, 7))
    expect(start()).toMatchObject({ state: 'rejected', sum: 55, saved: true })
    expect(start()).toMatchObject({ state: 'used', sum: 55 })
  })

  it('neither reads nor writes a cache with SANDBOX_CODE_CACHE=off', () => {
    writeFileSync(app, bundle(12))
    expect(start({ SANDBOX_CODE_CACHE: 'off' })).toMatchObject({ state: 'off', sum: 66, saved: false })
    expect(start()).toMatchObject({ state: 'missing' })
  })
})
