import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The console's browser tests run in a real Chromium (Debian's package): `.ci/run` installs it and
 * sets CONSOLE_BROWSER_TESTS=required, so CI always runs them; elsewhere they run when CHROMIUM_PATH
 * or /usr/bin/chromium exists, and say so when skipped.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumAvailable = existsSync(CHROMIUM)
if (!chromiumAvailable && process.env.CONSOLE_BROWSER_TESTS === 'required') throw new Error(`Chromium not found at ${CHROMIUM} (CONSOLE_BROWSER_TESTS=required)`)

/** A partner server that always fails with `text` (500): its deliveries show attempts and their answers. */
export async function startFailingReceiver(text: string) {
  let hits = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      hits += 1
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    hooksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
