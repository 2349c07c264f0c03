import { manualClock } from '../../src/platform/clock.ts'
import { testConfig, type Config } from '../../src/platform/config.ts'
import type { Db } from '../../src/db/connection.ts'
import { createEsisRenderPool, type EsisRenderPool } from '../../src/esis-pdf/esis-render-pool.ts'
import type { Logger } from '../../src/platform/logger.ts'
import type { PasswordVerifier } from '../../src/modules/partners/index.ts'
import { openSandbox } from '../../src/app/server.ts'
import { requesterOf } from './transport.ts'

export const PARTNER_A = '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60'
export const PARTNER_B = 'c2f9e8d7-6a5b-4c3d-8e2f-1a0b9c8d7e6f'

/**
 * The ESIS render threads every test sandbox of this process shares: a thread loads pdfkit once,
 * as the module cache does for a render on the event loop. Idle threads end by themselves.
 */
let sharedEsisRenders: EsisRenderPool | undefined

/**
 * A sandbox on a fresh in-memory database, with helpers to call it as a partner would.
 * One per test file (or per test when state must not leak). It renders ESIS PDFs in the process's
 * shared threads, unless `overrides.esisRendering` asks for threads of its own (which its stop ends).
 */
export async function createTestSandbox(overrides: Partial<Config> = {}, options: { db?: Db; verifyPassword?: PasswordVerifier; logger?: Logger } = {}) {
  const config = testConfig(overrides)
  // Passing the database of another sandbox is a restart: a new app on the same data.
  const clock = manualClock(new Date())
  const {
    db,
    app,
    sandbox: services,
  } = openSandbox({
    config,
    clock,
    ...(options.db ? { db: options.db } : {}),
    ...(options.verifyPassword ? { verifyPassword: options.verifyPassword } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(overrides.esisRendering ? {} : { esisRenders: (sharedEsisRenders ??= createEsisRenderPool(config.esisRendering)) }),
  })
  /** A request to the sandbox, through app.request() or a real Node server (support/transport.ts). */
  const request = await requesterOf(app)

  const login = async (username = 'broker-a', password = 'sandbox'): Promise<string> => {
    const res = await request('/v1/authentication', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  // The demo users log in unless the sandbox under test turns them off (then their tokens are empty).
  const demo = config.demoIdentities
  const tokens = { a: demo ? await login('broker-a') : '', a2: demo ? await login('broker-a2') : '', b: demo ? await login('broker-b') : '' }

  /** A JSON request as broker A (or another token), returning status, headers and parsed body. */
  const call = async (method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    const token = options.token === undefined ? tokens.a : options.token
    if (token) headers.Authorization = `Bearer ${token}`
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['Content-Type'] ??= 'application/json'
    }
    const res = await request(path, { method, headers, ...(body === undefined ? {} : { body }) })
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json, text }
  }

  return { app, services, db, clock, config, tokens, login, call, request }
}

export type TestSandbox = Awaited<ReturnType<typeof createTestSandbox>>
