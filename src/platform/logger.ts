import { pino, type DestinationStream } from 'pino'
import pretty from 'pino-pretty'
import type { LogFormat, LogLevel } from './config.ts'

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** The longest a JSON line waits in the buffer before it is written. */
const FLUSH_EVERY_MS = 200

export interface Logger {
  /** Whether a line of this level would be written: skip building costly fields when not. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  /** Writes out what is buffered (before the process exits). */
  flush(): void
}

/**
 * The logs (docs/design.md "Configuration": LOG_LEVEL, LOG_FORMAT): pino, one JSON line per event
 * on stdout (written asynchronously, flushed on stop), or readable lines on a terminal. With `write`,
 * every line goes to it as JSON, synchronously (tests read them).
 */
export function createLogger(level: LogLevel, write?: (line: string) => void, format: LogFormat = 'json'): Logger {
  if (write) return lineLogger(level, write)
  // JSON: the hot path only appends to a buffer, written out when it holds 4 KB or, at the latest,
  // FLUSH_EVERY_MS after a line (so a quiet sandbox's lines are not held back); flushed synchronously
  // at stop. One write per line instead cost 11% of Simulation Create's throughput (bench).
  // Pretty: synchronous lines for a person.
  const json = format === 'json' ? pino.destination({ sync: false, minLength: 4096 }) : undefined
  const destination: DestinationStream = json ?? pretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true })
  const log = pino({ level, base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination)
  let pending = false
  if (json) {
    setInterval(() => {
      if (!pending) return
      pending = false
      json.flush()
    }, FLUSH_EVERY_MS).unref()
  }
  const line = (write: (fields: object, msg: string) => void) => (msg: string, fields?: Record<string, unknown>) => {
    pending = true
    write(fields ?? {}, msg)
  }
  return {
    enabled: (lvl) => log.isLevelEnabled(lvl),
    debug: line((fields, msg) => log.debug(fields, msg)),
    info: line((fields, msg) => log.info(fields, msg)),
    warn: line((fields, msg) => log.warn(fields, msg)),
    error: line((fields, msg) => log.error(fields, msg)),
    flush: () => json?.flushSync(),
  }
}

/** JSON lines to a function of the caller's, as pino writes them (time, level, msg, fields). */
function lineLogger(level: LogLevel, write: (line: string) => void): Logger {
  const min = RANK[level]
  const log =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (RANK[lvl] < min) return
      write(JSON.stringify({ level: lvl, time: new Date().toISOString(), ...fields, msg }))
    }
  return { enabled: (lvl) => RANK[lvl] >= min, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), flush: () => {} }
}
