import { systemClock } from '../../../../src/platform/clock.ts'
import { testConfig, type Config } from '../../../../src/platform/config.ts'
import type { HostResolver } from '../../../../src/modules/callbacks/address-policy.ts'
import { openSandbox } from '../../../../src/app/server.ts'

export { PARTNER_A, PARTNER_B } from '../../../support/test-app.ts'

/**
 * A sandbox whose delivery worker runs, on the system clock (retries really wait, scaled by
 * timeScale), trusting a test CA and private addresses because the receivers listen on loopback.
 */
export async function createCallbackSandbox(overrides: Partial<Config> = {}, options: { resolver?: HostResolver } = {}) {
  const config = testConfig({ callbackAllowPrivate: true, timeScale: 0.001, ...overrides })
  const { db, app, sandbox: services } = openSandbox({ config, clock: systemClock, ...(options.resolver ? { callbackResolver: options.resolver } : {}) })
  services.callbacks.worker.start()

  const login = async (username: string) => {
    const res = await app.request('/v1/authentication', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'sandbox' }),
    })
    return ((await res.json()) as { accessToken: string }).accessToken
  }
  const tokens = { a: await login('broker-a'), b: await login('broker-b') }

  const call = async (method: string, path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.token ?? tokens.a}`, ...opts.headers }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
    const res = await app.request(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : undefined }
  }

  /** Callback Update for partner A; returns the signing secret. */
  const register = async (partner: string, type: number, callbackUrl: string) => {
    const res = await call('PUT', `/${partner}/callbacks/${type}`, { body: { callbackUrl } })
    if (res.status !== 200 && res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`)
    return res.json.additionalData.signingSecret as string
  }

  const deliveries = async (query = '') => (await call('GET', `/sandbox/deliveries${query}`)).json

  return {
    app,
    services,
    db,
    config,
    tokens,
    call,
    register,
    deliveries,
    async close() {
      // A receiver that hangs on purpose would otherwise hold the stop for its whole grace period.
      await services.callbacks.worker.stop(100)
      db.close()
    },
  }
}

export type CallbackSandbox = Awaited<ReturnType<typeof createCallbackSandbox>>

/** Polls until `check` returns a value other than undefined. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
