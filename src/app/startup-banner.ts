import type { Config } from '../platform/config.ts'
import { wayIn } from '../common/way-in.ts'

/**
 * What a person at a terminal needs when the sandbox starts (pretty logs): where it listens, the
 * API reference, the console and the Postman collection, how to log in (common/way-in.ts), and
 * where the data is.
 */
export function startupBanner(options: { url: string; version: string; config: Config; startupMs: number }): string {
  const { url, version, config } = options
  const lines = [
    '',
    `  Mortgage Partner Portal sandbox ${version} (${config.mode}), ready in ${options.startupMs} ms`,
    '',
    `  API            ${url}`,
    `  Reference      ${url}/docs`,
    `  OpenAPI        ${url}/openapi.json`,
    `  Console        ${url}/console`,
    `  Postman        ${url}/postman.json`,
    ...wayIn(config).startupLines(url),
  ]
  if (config.signup !== 'off') lines.push(`  Sign-up        POST ${url}/sandbox/signup${config.signup === 'invite' ? ' (with an invitation code)' : ''}`)
  lines.push(`  Database       ${config.dbPath === ':memory:' ? 'in memory (gone at stop)' : config.dbPath}`, '')
  return lines.join('\n') + '\n'
}
