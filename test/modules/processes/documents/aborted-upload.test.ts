import { serve, type ServerType } from '@hono/node-server'
import { connect } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../../src/platform/logger.ts'
import { createTestSandbox } from '../../../support/test-app.ts'
import { draftProcess, processPath } from '../process-fixtures.ts'

const servers: ServerType[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))))

describe('an upload the client abandons', () => {
  it('is logged at info without a stack trace: the client hung up, the server did nothing wrong', async () => {
    const lines: Array<Record<string, unknown>> = []
    const logger = createLogger('debug', (line) => lines.push(JSON.parse(line)))
    const s = await createTestSandbox({}, { logger })
    const { processUniqueId } = await draftProcess(s)
    const server = await new Promise<ServerType>((resolve) => {
      const listening = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening))
    })
    servers.push(server)
    const { port } = server.address() as { port: number }

    // Headers announce a megabyte; a part begins, then the client is gone.
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
    socket.write(
      `POST ${processPath(processUniqueId, '/document?documentTypeId=1')} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${s.tokens.a}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${1024 * 1024}\r\n\r\n${head}${'%PDF-1.7 '.repeat(2000)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    socket.destroy()

    await vi.waitFor(
      () =>
        expect(
          lines.some((l) => /abort|closed|hung up/i.test(String(l.msg))),
          JSON.stringify(lines),
        ).toBe(true),
      { timeout: 5000 },
    )
    const aborted = lines.filter((l) => /abort|closed|hung up/i.test(String(l.msg)))
    expect(aborted.map((l) => l.level)).toEqual(aborted.map(() => 'info'))
    expect(lines.filter((l) => l.level === 'error')).toEqual([])
    expect(lines.some((l) => 'stack' in l)).toBe(false)
  })
})
