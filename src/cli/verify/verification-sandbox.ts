import type { ServerType } from '@hono/node-server'
import Database from 'better-sqlite3'
import type { AddressInfo } from 'node:net'
import type { App } from '../../app/app.ts'
import { testConfig, type Config } from '../../platform/config.ts'
import { createEsisRenderPool } from '../../esis-pdf/esis-render-pool.ts'
import { serveApp } from '../../http/node-adapter/index.ts'
import { openSandbox } from '../../app/server.ts'
import type { FixtureServices } from './provider-states/fixture.ts'
import type { MessageServices } from './message-producer.ts'

export interface VerificationSandbox {
  url: string
  /** The package version the sandbox runs. */
  version: string
  /** The services of the sandbox now answering: fixtures write through them, messages are made by them. */
  readonly services: FixtureServices & MessageServices
  /** Throws away every record and starts again from the freshly seeded database (a few milliseconds). */
  reset(): void
  close(): Promise<void>
}

/**
 * The sandbox a verification runs against: in-process, on a free loopback port, on a throwaway
 * in-memory database, silent. Migrated and seeded once; each interaction then gets its own copy of
 * that seeded database (Pact interactions are independent: a pact may name the same ids in several
 * interactions, and one interaction's Cancel must not leak into the next one's Detail). The copy is
 * restored from a serialized snapshot, so isolation costs milliseconds, not a migration.
 */
export async function startVerificationSandbox(overrides: Partial<Config> = {}): Promise<VerificationSandbox> {
  const config = testConfig({ host: '127.0.0.1', port: 0, ...overrides, dbPath: ':memory:' })
  // Built once so the JWT secret is generated into the snapshot: every copy signs alike.
  const { db: seeded } = openSandbox({ config })
  const snapshot = seeded.serialize()
  seeded.close()
  // One set of ESIS render threads for every interaction's sandbox: a thread loads pdfkit once.
  const esisRenders = createEsisRenderPool(config.esisRendering)

  const fresh = (): { db: Database.Database; app: App } => {
    const db = new Database(snapshot)
    db.pragma('foreign_keys = ON')
    return { db, app: openSandbox({ config, db, esisRenders }).app }
  }
  let current = fresh()

  const server = await new Promise<ServerType>((resolve, reject) => {
    // The Node request rides along in `env`: document uploads read the socket directly.
    const s = serveApp(
      (request, env) => current.app.fetch(request, env),
      { port: config.port, hostname: config.host },
      () => resolve(s),
    )
    s.once('error', reject)
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${config.host}:${port}`,
    version: current.app.sandbox.version,
    get services() {
      return current.app.sandbox
    },
    reset() {
      const previous = current
      current = fresh()
      previous.db.close()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          current.db.close()
          void esisRenders.stop().then(resolve)
        })
        ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
      }),
  }
}
