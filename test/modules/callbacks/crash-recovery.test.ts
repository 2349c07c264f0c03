import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARTNER_A } from './support/callback-sandbox.ts'
import { insertOwnedResource } from './support/owned-resources.ts'
import { startSandboxProcess, type SandboxProcess } from './support/sandbox-process.ts'
import { createThrowawayCa, type ThrowawayCa } from './support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let dir: string
let sandbox: SandboxProcess | undefined

beforeAll(async () => {
  ca = createThrowawayCa()
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  dir = mkdtempSync(join(tmpdir(), 'callback-crash-'))
})
afterAll(async () => {
  await sandbox?.stop()
  await receiver.close()
  ca.remove()
  rmSync(dir, { recursive: true, force: true })
})

const json = async (url: string, init: { method: string; token?: string; body?: unknown }) => {
  const res = await fetch(url, {
    method: init.method,
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as any }
}

describe('at-least-once delivery across a kill -9', () => {
  it('delivers after a restart on the same database file what was pending or in flight when the process was killed', async () => {
    const dbPath = join(dir, 'sandbox.db')
    const env = {
      SANDBOX_DB: dbPath,
      SANDBOX_CALLBACK_CA_FILE: ca.caFile,
      SANDBOX_CALLBACK_ALLOW_PRIVATE: 'true',
      SANDBOX_TIME_SCALE: '0.001',
    }
    sandbox = await startSandboxProcess(env)
    const login = await json(`${sandbox.url}/v1/authentication`, { method: 'POST', body: { username: 'broker-a', password: 'sandbox' } })
    const token = login.json.accessToken as string
    const put = await json(`${sandbox.url}/${PARTNER_A}/callbacks/7`, { method: 'PUT', token, body: { callbackUrl: receiver.url() } })
    expect(put.status).toBe(201)
    receiver.setSecret(put.json.additionalData.signingSecret)

    const simulationUniqueId = randomUUID()
    const db = new Database(dbPath)
    insertOwnedResource(db, 'simulation', { id: simulationUniqueId, brokerId: 1001, statusId: 1 })
    db.close()

    // The third delivery hangs: it is in flight when the process dies; the ones after it wait behind it.
    receiver.onRequest((_hook, index) => (index === 2 ? 'hang' : { status: 204 }))
    const ids: string[] = []
    for (let i = 0; i < 10; i++) {
      const echo = await json(`${sandbox.url}/v1/callbacks/echo/${PARTNER_A}/7`, {
        method: 'POST',
        token,
        body: { simulationUniqueId, messageText: `message ${i}` },
      })
      expect(echo.status).toBe(200)
      ids.push(echo.json.additionalData.notificationId)
    }
    await receiver.waitFor(3)
    await sandbox.kill9()
    expect(receiver.received.map((h) => h.id)).toEqual(ids.slice(0, 3))

    receiver.onRequest(() => ({ status: 204 }))
    sandbox = await startSandboxProcess(env)
    const hooks = await receiver.waitFor(3 + 8, 10_000)
    expect(hooks.map((h) => h.id)).toEqual([...ids.slice(0, 3), ...ids.slice(2)])
    expect(hooks.map((h) => h.json.data.messageText)).toEqual([0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `message ${i}`))
    expect(hooks.every((h) => h.verified)).toBe(true)

    const token2 = (await json(`${sandbox.url}/v1/authentication`, { method: 'POST', body: { username: 'broker-a', password: 'sandbox' } })).json.accessToken
    const log = await fetch(`${sandbox.url}/sandbox/deliveries?lineCount=20`, { headers: { Authorization: `Bearer ${token2}` } })
    const { deliveryList } = (await log.json()) as { deliveryList: Array<{ notificationId: string; status: string; attempts: number }> }
    expect(deliveryList.map((d) => d.notificationId)).toEqual([...ids].reverse())
    expect(deliveryList.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true)
  }, 40_000)
})
