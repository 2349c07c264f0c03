import type { LogLevel } from './config.ts'

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  /** Whether a line of this level would be written: skip building costly fields when not. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** Structured JSON logs, one line per event, on stdout (docs/design.md "Configuration": LOG_LEVEL). */
export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const min = RANK[level]
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (RANK[lvl] < min) return
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }))
  }
  return { enabled: (lvl) => RANK[lvl] >= min, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}
