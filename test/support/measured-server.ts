import { loadConfig } from '../../src/platform/config.ts'
import { startServer } from '../../src/app/server.ts'

/**
 * The sandbox's server in a child process of its own (forked with an IPC channel and --expose-gc),
 * for tests that measure its memory: it says where it listens, and collects its garbage when asked,
 * so that one measurement does not pay for the garbage another one left.
 */
const sandbox = await startServer(loadConfig())
process.send!({ url: sandbox.url })
process.on('message', (message) => {
  if (message !== 'gc') return
  ;(globalThis as { gc?: () => void }).gc?.()
  process.send!('collected')
})
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)))
