import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { socketBufferBytes } from '../support/socket-buffers.ts'
import { tempDir } from '../support/temp-dir.ts'

// The server runs in a child process of its own, so that its resident memory is the server's alone
// (this process holds vitest, the client and its buffers). Linux: RSS read from /proc.

const MiB = 1024 * 1024
const BODY_BYTES = 100 * MiB
const RSS_GROWTH_LIMIT = 20 * MiB
/**
 * What the client may have written when it reads the answer, though the server read at most the
 * route's limit (and the first MB of a chunked rest): the kernel's socket buffers, which take a
 * client's bytes whether the server reads them or not. The server's RSS says it did not.
 */
const WRITTEN_BEFORE_ANSWER = socketBufferBytes() + 2 * MiB
const FILLER = Buffer.alloc(64 * 1024, 'a')

type Media = 'json' | 'multipart' | 'form' | 'text' | 'octet' | 'none'
const CONTENT: Record<Media, { type?: string; prefix: string }> = {
  json: { type: 'application/json', prefix: '{"username":"' },
  multipart: { type: 'multipart/form-data; boundary=xyz', prefix: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\n' },
  form: { type: 'application/x-www-form-urlencoded', prefix: 'username=' },
  text: { type: 'text/plain', prefix: '' },
  octet: { type: 'application/octet-stream', prefix: '' },
  none: { prefix: '' },
}

let server: ChildProcess
let url: string
let token: string

/** The server's resident set, bytes. */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024

/** The server's garbage collected, then its resident set: what it holds, not what it has yet to free. */
async function settledRss(): Promise<number> {
  server.send('gc')
  await once(server, 'message')
  return rss()
}

interface Sent {
  status: number
  body: { errors: { errorCode: string; errorField: string }[] }
  /** Body bytes the client had written when the answer's head arrived. */
  sentAtAnswer: number
  /** The server's highest RSS while the request was under way. */
  peakRss: number
}

/**
 * Streams a 100 MB body from one reused 64 KiB buffer, honouring back-pressure, with a declared
 * Content-Length or chunked, and stops writing as soon as the answer's head arrives.
 */
function send(path: string, media: Media, mode: 'declared' | 'chunked', auth?: string): Promise<Sent> {
  const { type, prefix } = CONTENT[media]
  // As pooled clients and browsers send it: a client that asks to close may lose an early answer to
  // the reset of the bytes it is still writing, whatever the server does.
  const headers: Record<string, string> = { Connection: 'keep-alive' }
  if (type) headers['Content-Type'] = type
  if (auth) headers.Authorization = `Bearer ${auth}`
  if (mode === 'declared') headers['Content-Length'] = String(BODY_BYTES)
  return new Promise((resolve, reject) => {
    let peakRss = rss()
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rss())), 5)
    const req = request(`${url}${path}`, { method: 'POST', headers, agent: false })
    let sent = 0
    let answered = false
    // One piece a turn of the event loop, so an answer is read as soon as it comes rather than after a burst of writes.
    const write = () => {
      if (answered) return
      if (sent >= BODY_BYTES) return void req.end()
      const piece = sent === 0 && prefix ? Buffer.from(prefix) : FILLER.subarray(0, Math.min(FILLER.length, BODY_BYTES - sent))
      sent += piece.length
      if (req.write(piece)) setImmediate(write)
      else req.once('drain', write)
    }
    req.on('response', (res) => {
      answered = true
      const sentAtAnswer = sent
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        clearInterval(sampler)
        req.destroy()
        resolve({ status: res.statusCode!, body: JSON.parse(text), sentAtAnswer, peakRss: Math.max(peakRss, rss()) })
      })
    })
    // Once answered, the server may close on the rest of the body: that is the point.
    req.on('error', (error) => {
      if (answered) return
      clearInterval(sampler)
      reject(error)
    })
    write()
  })
}

beforeAll(async () => {
  server = fork(fileURLToPath(new URL('../support/measured-server.ts', import.meta.url)), {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SANDBOX_DB: join(tempDir('body-limit-memory'), 'sandbox.db') },
  })
  url = ((await once(server, 'message'))[0] as { url: string }).url
  const login = await fetch(`${url}/v1/authentication`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'broker-a', password: 'sandbox' }),
  })
  token = ((await login.json()) as { accessToken: string }).accessToken
  // Every path once with a small body, so the measurements do not count the code they load and compile.
  for (const path of ['/console/login', '/v1/authentication', '/v1/simulations']) {
    for (const media of Object.keys(CONTENT) as Media[]) {
      const { type, prefix } = CONTENT[media]
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...(type ? { 'Content-Type': type } : {}), Authorization: `Bearer ${token}` },
        body: `${prefix}x`,
      }).then((res) => res.arrayBuffer())
    }
  }
}, 60_000)
afterAll(() => {
  server?.kill('SIGKILL')
})

/**
 * The route's own media type is counted while it streams (413 at its limit), another is refused
 * unread (415); any declared length over the limit is a 413 at once. A partner's route without a
 * token is a 401, unread.
 */
const cases: [string, Media, string, 'declared' | 'chunked', number][] = []
for (const [path, own, caller] of [
  ['/console/login', 'form', 'anonymous'],
  ['/v1/authentication', 'json', 'anonymous'],
  ['/v1/simulations', 'json', 'with a token'],
] as const) {
  for (const media of Object.keys(CONTENT) as Media[]) {
    cases.push([path, media, caller, 'declared', 413])
    cases.push([path, media, caller, 'chunked', media === own ? 413 : 415])
  }
}
for (const media of ['json', 'multipart'] as const) {
  cases.push(['/v1/simulations', media, 'without a token', 'declared', 401])
  cases.push(['/v1/simulations', media, 'without a token', 'chunked', 401])
}
const CODES: Record<number, string> = { 401: '010501', 413: '010601', 415: '010602' }

describe('a 100 MB body, whatever its type, on a real server', () => {
  it.each(cases)(
    'POST %s, a %s body (%s, length %s), is answered %i before it is read, the server growing under 20 MB',
    async (path, media, caller, mode, status) => {
      // Measured from the server's settled memory: what an earlier request left for collection is not this one's.
      const baseline = await settledRss()
      const res = await send(path, media, mode, caller === 'with a token' ? token : undefined)
      expect(res.status).toBe(status)
      expect(res.body.errors[0]).toMatchObject({ errorCode: CODES[status] })
      expect(res.sentAtAnswer).toBeLessThan(WRITTEN_BEFORE_ANSWER)
      expect(res.peakRss - baseline).toBeLessThan(RSS_GROWTH_LIMIT)
    },
    60_000,
  )
})
