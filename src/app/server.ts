import type { ServerType } from '@hono/node-server'
import { Server as NetServer, type AddressInfo } from 'node:net'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createApp } from './app.ts'
import { SlotSet } from '../common/slot-set.ts'
import { buildSandbox, type SandboxOptions } from './composition-root.ts'
import { prepareDatabase } from './database-setup.ts'
import { codeCacheState, saveCodeCache } from '../cli/code-cache.ts'
import type { Config } from '../platform/config.ts'
import { startWalCheckpointer } from '../db/wal-checkpointer.ts'
import { answerClientError } from '../http/router/client-errors.ts'
import { DRAIN_BOUND_MS, DRAIN_GRACE_MS } from '../http/pipeline/draining.ts'
import { serveApp } from '../http/node-adapter/index.ts'
import { createLogger, type Logger } from '../platform/logger.ts'
import { startupBanner } from './startup-banner.ts'

export interface RunningSandbox {
  url: string
  port: number
  close(): Promise<void>
  /** The server's logger (the stop's own lines go through it, flushed with the rest). */
  logger: Logger
}

/**
 * A sandbox that does not listen yet: its database prepared (or the one given, prepared already),
 * its services, and the HTTP app over them. The server, the Pact verification and the tests start
 * from here.
 */
export function openSandbox(options: Omit<SandboxOptions, 'db'> & { db?: SandboxOptions['db'] }) {
  const prepared = options.db ? { db: options.db, migrations: [] as string[], seeded: false } : prepareDatabase(options.config.dbPath, { cacheMb: options.config.sqliteCacheMb })
  let sandbox: ReturnType<typeof buildSandbox>
  try {
    sandbox = buildSandbox({ ...options, db: prepared.db })
  } catch (error) {
    // A start refused (a secrets key that does not open the stored secrets, a broken scenario file): the file is let go.
    if (!options.db) prepared.db.close()
    throw error
  }
  return { ...prepared, sandbox, app: createApp(sandbox) }
}

/** How long after listening the code cache is written, when the start had none that fitted. */
const CODE_CACHE_AFTER_MS = 2000

/**
 * Starts the sandbox: database (migrated and seeded), HTTP server, the background workers, and the
 * graceful stop that stops accepting, lets in-flight requests and deliveries finish and closes the
 * database.
 */
export async function startServer(config: Config): Promise<RunningSandbox> {
  const logger = createLogger(config.logLevel, undefined, config.logFormat)
  const { db, migrations, seeded, sandbox, app } = openSandbox({ config, logger })
  let server: ServerType
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serveApp(app.fetch, { port: config.port, hostname: config.host }, () => resolve(s))
      s.once('error', reject)
    })
  } catch (error) {
    db.close()
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is already in use (set PORT)` : String(error))
  }
  server.on('clientError', answerClientError(logger))
  // The answers under way, so that a stop can tell them to close their connection.
  const answering = new SlotSet<ServerResponse>()
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    const slot = answering.add(response)
    response.once('close', () => answering.delete(slot))
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`
  const startupMs = Math.round(process.uptime() * 1000)
  const codeCache = codeCacheState()
  if (config.logFormat === 'pretty' && config.logLevel !== 'silent') process.stdout.write(startupBanner({ url, version: sandbox.version, config, startupMs }))
  else logger.info('sandbox listening', { url, db: config.dbPath, migrations, seeded, version: sandbox.version, startupMs, ...(codeCache ? { codeCache } : {}) })
  // Written once the start is over and its first requests have compiled their code, so the next start has it.
  if (codeCache === 'missing' || codeCache === 'rejected') {
    setTimeout(() => {
      const file = saveCodeCache()
      if (file) logger.info('code cache written', { file })
    }, CODE_CACHE_AFTER_MS).unref()
  }
  sandbox.workers.start()
  const checkpointer = config.dbPath === ':memory:' ? undefined : startWalCheckpointer(config.dbPath, (error) => logger.warn('wal checkpoint failed', { error }))

  let closing: Promise<void> | undefined
  // The stop (docs/design.md "Command line"): no new connections; every answer under way or still to
  // come says Connection: close, so keep-alive clients leave after their answer; after the grace,
  // connections still idle are closed and a request on a connection still open gets a 503; at the
  // bound, whatever is left is closed. Idle connections are not closed at once: one idle for a
  // moment may be carrying a request right now, which closing would reset without an answer. Then
  // the workers finish what they hold, the WAL is checkpointed and the database closed.
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      sandbox.drain.start()
      const http = server as unknown as Server
      for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close')
      const grace = setTimeout(() => http.closeIdleConnections(), DRAIN_GRACE_MS)
      const bound = setTimeout(() => http.closeAllConnections(), DRAIN_BOUND_MS)
      // net.Server's close: stops listening, without http.Server's closing of idle connections.
      NetServer.prototype.close.call(http, () => {
        clearTimeout(grace)
        clearTimeout(bound)
        void sandbox.workers.stop().then(async () => {
          await checkpointer?.stop()
          db.close()
          logger.info('sandbox stopped')
          logger.flush()
          resolve()
        })
      })
    }))
  return { url, port, close, logger }
}
