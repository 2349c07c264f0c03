import type { ServerType } from '@hono/node-server'
import { serveApp } from '../../src/http/node-adapter/index.ts'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'

/**
 * How the tests reach the app: `web` calls `app.request()` (a web Request, no socket), `node` a real
 * @hono/node-server listening on loopback, the path production takes (headers and bodies read from
 * Node's own request, http/node-adapter/). `npm test` runs the bank's operations and the transport tests both ways
 * (vitest.config.ts, project "node-server").
 */
export const TRANSPORT: 'web' | 'node' = process.env.SANDBOX_TEST_TRANSPORT === 'node' ? 'node' : 'web'

export type Requester = (path: string, init?: RequestInit) => Promise<Response>

interface FetchApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>
  fetch(request: Request, env?: unknown): Response | Promise<Response>
}

const servers = new Set<ServerType>()
afterAll(async () => {
  await Promise.all([...servers].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
  servers.clear()
})

/** A requester of the app through the transport of this test run. */
export async function requesterOf(app: FetchApp): Promise<Requester> {
  if (TRANSPORT === 'web') return async (path, init) => app.request(path, init)
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serveApp(
      (request, env) => app.fetch(request, env),
      { port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    )
    s.once('error', reject)
  })
  server.unref()
  servers.add(server)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return (path, init) => fetch(`${base}${path}`, { ...init, ...(init?.body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit)
}
