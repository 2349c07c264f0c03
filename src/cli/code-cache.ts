import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'

/**
 * The bundle's compiled code, kept between starts (docs/decisions/1086-the-bundle-s-compiled-code-is-cached.md).
 *
 * Without it every start parses the 3 MB bundle and compiles each function it runs, a third of the
 * time to the first answer. V8 can serialise what it compiled and take it back on the next start;
 * Node 20 offers that for a `vm.Script`, not for an ES module, so `npm run build` writes the sandbox
 * as one CommonJS file (dist/app.cjs) and the executable (dist/cli.js) runs it through here.
 *
 * The cache file is named after a hash of the bundle's text and Node's version: V8 checks only the
 * text's length, so a rebuilt bundle must never meet the cache of another. V8 rejects a cache made
 * under other flags (another heap size, a profiler): the sandbox then starts without it and writes
 * a new one. A cache that cannot be written (a read-only folder) is only a slower start.
 */

/** What the start did with the cache: used it, found it made under other flags, found none, or was told not to read one. */
export type CodeCacheState = 'used' | 'rejected' | 'missing' | 'off'

interface CodeCacheHandle {
  readonly state: CodeCacheState
  readonly file: string
  /** Writes what V8 compiled so far (once): true when written. */
  save(): boolean
}

const HANDLE = Symbol.for('mortgage-sandbox.code-cache')
type WithHandle = { [HANDLE]?: CodeCacheHandle }

/** The cache file of a bundle's text, beside the bundle. */
export function codeCacheFileOf(bundleFile: string, source: string): string {
  const key = createHash('sha256').update(process.version).update('\0').update(source).digest('hex').slice(0, 16)
  return join(dirname(bundleFile), `${basename(bundleFile, '.cjs')}-${key}.code-cache`)
}

/**
 * Runs a CommonJS bundle as Node would, compiled from its cache when there is one that fits.
 * `SANDBOX_CODE_CACHE=off` neither reads nor writes one.
 */
export function runBundle(bundleFile: string): void {
  const source = readFileSync(bundleFile, 'utf8').replace(/^#!.*/, '')
  const file = codeCacheFileOf(bundleFile, source)
  const off = process.env.SANDBOX_CODE_CACHE === 'off'
  let cachedData: Buffer | undefined
  if (!off) {
    try {
      cachedData = readFileSync(file)
    } catch {
      // None yet: this start compiles, and writes one.
    }
  }
  // The wrapper Node gives a CommonJS file, on the first line so the bundle's lines keep their numbers.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundleFile,
    ...(cachedData ? { cachedData } : {}),
  })
  const state: CodeCacheState = off ? 'off' : !cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'used'
  let saved = false
  const handle: CodeCacheHandle = {
    state,
    file,
    save() {
      if (saved || state === 'off') return false
      saved = true
      const temporary = `${file}.${process.pid}.tmp`
      try {
        writeFileSync(temporary, script.createCachedData())
        // Whole or not at all: another start may be reading it.
        renameSync(temporary, file)
        // The caches of other texts or Node versions can never be read again.
        const prefix = `${basename(bundleFile, '.cjs')}-`
        for (const name of readdirSync(dirname(file))) {
          if (name.startsWith(prefix) && name.endsWith('.code-cache') && join(dirname(file), name) !== file) rmSync(join(dirname(file), name), { force: true })
        }
        return true
      } catch {
        rmSync(temporary, { force: true })
        return false
      }
    },
  }
  ;(globalThis as WithHandle)[HANDLE] = handle
  const module = { exports: {} }
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void
  wrapper(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile))
}

/** The start's use of the cache; undefined when the sandbox does not run from its bundle (tsx, tests). */
export function codeCacheState(): CodeCacheState | undefined {
  return (globalThis as WithHandle)[HANDLE]?.state
}

/** Writes the cache when this start had none that fitted (once): the file written, or undefined. */
export function saveCodeCache(): string | undefined {
  const handle = (globalThis as WithHandle)[HANDLE]
  if (!handle || handle.state === 'used' || handle.state === 'off') return undefined
  return handle.save() ? handle.file : undefined
}
