import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let cached: string | undefined

/**
 * The folder holding package.json, found from this module's own location, so data folders
 * (seeds/, scenarios/, migrations) resolve the same from src/ under tsx or vitest and from dist/.
 */
export function packageRoot(): string {
  if (cached) return cached
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url))
    dir = parent
  }
  cached = dir
  return dir
}

export const fromRoot = (...segments: string[]): string => join(packageRoot(), ...segments)

/** The version of package.json: what `/v1/health/version` answers and `verify` publishes as the provider's version. */
export const packageVersion = (): string => (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version
