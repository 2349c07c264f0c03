import { serve, type ServerType } from '@hono/node-server'

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
