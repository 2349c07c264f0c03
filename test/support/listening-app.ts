import { serve, type ServerType } from '@hono/node-server'
import { startServer, type RunningSandbox } from '../../src/app/server.ts'
import { testConfig } from '../../src/platform/config.ts'

/** The app on a real port of this machine, as a command line reaches a sandbox: its URL, and how to close it. */
export async function listenOnLoopback(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening))
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The whole sandbox on a real port (Node's own request objects, as in production), and a token of the demo broker-a. */
export async function startServerAsBrokerA(): Promise<{ sandbox: RunningSandbox; token: string }> {
  const sandbox = await startServer(testConfig({ port: 0, host: '127.0.0.1' }))
  const login = await fetch(`${sandbox.url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
  })
  return { sandbox, token: ((await login.json()) as { accessToken: string }).accessToken }
}
