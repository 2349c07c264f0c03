import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSandbox } from '../../../../src/app/composition-root.ts'
import { testConfig } from '../../../../src/platform/config.ts'
import { prepareDatabase } from '../../../../src/app/database-setup.ts'
import { eventually } from '../../callbacks/support/callback-sandbox.ts'
import { startSandboxProcess, type SandboxProcess } from '../../callbacks/support/sandbox-process.ts'
import { withKeyBorrower } from '../support/scenario-journeys.ts'

const dir = mkdtempSync(join(tmpdir(), 'scenario-jobs-'))
let sandbox: SandboxProcess | undefined
afterAll(async () => {
  await sandbox?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const request = async (url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, json: (await res.json()) as any }
}
const login = async (url: string) => (await request(`${url}/v1/authentication`, { method: 'POST', body: { username: 'broker-a', password: 'sandbox' } })).json.accessToken as string

describe('the scenario job worker of the server', () => {
  it('runs a job when due, and a job still pending at a stop after the restart on the same database', async () => {
    const env = { SANDBOX_DB: join(dir, 'sandbox.db'), SANDBOX_TIME_SCALE: '1' }
    sandbox = await startSandboxProcess(env)
    let token = await login(sandbox.url)
    const created = await request(`${sandbox.url}/v1/simulations`, { method: 'POST', token, body: withKeyBorrower('Teste Mensagem') })
    expect(created.status).toBe(201)
    const id = created.json.additionalData.simulationUniqueID
    expect((await request(`${sandbox.url}/sandbox/jobs`, { token })).json.jobList).toEqual([expect.objectContaining({ kind: 'bank-message', status: 'pending' })])
    await sandbox.stop()

    sandbox = await startSandboxProcess(env)
    token = await login(sandbox.url)
    const url = sandbox.url
    const messages = await eventually(async () => {
      const list = (await request(`${url}/v1/simulations/${id}/message`, { token })).json.listMessageDetail
      return list.length > 0 ? list : undefined
    }, 8000)
    expect(messages).toEqual([expect.objectContaining({ origin: 'BANK', messageText: expect.stringContaining('Bom dia') })])
    expect((await request(`${url}/sandbox/jobs`, { token })).json.jobList).toEqual([expect.objectContaining({ status: 'done' })])
  }, 30_000)
})

describe('scenario files naming unknown reference data', () => {
  it.each([
    [
      { type: 'simulationEligibility', eligible: false, reasonCode: 'NO_SUCH_REASON' },
      /my-scenario, effects\.0\.reasonCode: "NO_SUCH_REASON" is not a code of simulation-reject-reasons/,
    ],
    [
      { type: 'processLifecycle', steps: [{ afterSeconds: 1, status: 'REJECTED', rejectReasonCode: 'NOPE' }] },
      /effects\.0\.steps\.0\.rejectReasonCode: "NOPE" is not a code of proposal-reject-reasons/,
    ],
    [{ type: 'documentRequested', afterSeconds: 1, documentTypeId: 999, text: { 'pt-PT': 'a', en: 'a' } }, /effects\.0\.documentTypeId: 999 is not an id of document-types/],
  ])('stop the sandbox from being built, naming the scenario and the field (%j)', (effect, message) => {
    const folder = mkdtempSync(join(dir, 'files-'))
    writeFileSync(join(folder, 'mine.json'), JSON.stringify({ name: 'my-scenario', description: { 'pt-PT': 'x', en: 'x' }, effects: [effect] }))
    const { db } = prepareDatabase(':memory:')
    expect(() => buildSandbox({ config: testConfig({ scenariosDir: folder }), db })).toThrow(message)
  })
})
