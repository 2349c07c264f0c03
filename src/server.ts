import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { createAppDeps } from './composition-root.ts'
import type { Config } from './config.ts'
import { prepareDatabase } from './db/prepare-database.ts'
import { startWalCheckpointer } from './db/wal-checkpointer.ts'
import { createLogger } from './logger.ts'

export interface RunningSandbox {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Starts the sandbox: database (migrated and seeded), HTTP server, callback delivery worker, and the graceful stop that
 * stops accepting, lets in-flight requests and deliveries finish and closes the database.
 */
export async function startServer(config: Config): Promise<RunningSandbox> {
  const logger = createLogger(config.logLevel)
  const { db, migrations, seeded } = prepareDatabase(config.dbPath)
  const deps = createAppDeps({ config, db, logger })
  const app = createApp(deps)
  let server: ServerType
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s))
      s.once('error', reject)
    })
  } catch (error) {
    db.close()
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is already in use (set PORT)` : String(error))
  }
  const { port } = server.address() as AddressInfo
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`
  logger.info('sandbox listening', { url, db: config.dbPath, migrations, seeded, version: deps.version, startupMs: Math.round(process.uptime() * 1000) })
  // Resumes what a previous run left pending (at-least-once), then follows new notifications.
  deps.callbacks.worker.start()
  // Runs the scenarios' delayed actions that fell due while stopped, then each one when due.
  deps.sandboxJobs.worker.start()
  const checkpointer =
    config.dbPath === ':memory:' ? undefined : startWalCheckpointer(config.dbPath, (error) => logger.warn('wal checkpoint failed', { error }))

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => {
        // Jobs run synchronously, each in its transaction: once stopped, none starts on a closing database.
        deps.sandboxJobs.worker.stop()
        void deps.callbacks.worker.stop().then(async () => {
          await checkpointer?.stop()
          db.close()
          logger.info('sandbox stopped')
          resolve()
        })
      })
      // Idle keep-alive sockets would hold close() open; active requests still finish.
      ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
    }))
  return { url, port, close }
}
