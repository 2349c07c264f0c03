import { expect } from 'vitest'
import { completeProcess, draftProcess, notificationsOf, processPath } from '../../processes/process-fixtures.ts'
import { simulationInput } from '../../simulations/simulation-fixtures.ts'
import { PARTNER_A, type TestSandbox } from '../../../support/test-app.ts'

export { notificationsOf, processPath }

export const scenarioHeader = (name: string) => ({ 'X-Sandbox-Scenario': name })

/** The eligible example simulation with another key borrower name (a magic value). */
export const withKeyBorrower = (keyBorrowerName: string) => simulationInput({ borrowersSimulator: { keyBorrowerName } })

/** Registers a callback address of partner A for each notification type, so its notifications are pending deliveries. */
export async function registerCallbacks(s: TestSandbox, types: number[]) {
  for (const type of types) {
    const res = await s.call('PUT', `/${PARTNER_A}/callbacks/${type}`, { body: { callbackUrl: 'https://partner.example.com/mortgage/hooks' } })
    expect(res.status, res.text).toBe(201)
  }
}

/** A complete process of broker A submitted through the API: the Submit request carries the headers given. */
export async function submittedProcess(s: TestSandbox, options: { input?: unknown; headers?: Record<string, string> } = {}) {
  const created = await draftProcess(s, undefined, options.input)
  await completeProcess(s, created.processUniqueId)
  const res = await s.call('POST', processPath(created.processUniqueId, '/submit'), { headers: options.headers ?? {} })
  expect(res.status, res.text).toBe(200)
  return created
}

/** Moves the sandbox clock and runs the scenario jobs then due; returns how many ran. */
export function runJobsAfter(s: TestSandbox, seconds: number): number {
  s.clock.advance(seconds * 1000)
  return s.services.jobs.runDue()
}

export const processDetail = async (s: TestSandbox, processUniqueId: string) => (await s.call('GET', processPath(processUniqueId))).json

export const simulationDetail = async (s: TestSandbox, simulationUniqueId: string, lang = 'pt-PT') =>
  (await s.call('GET', `/v1/simulations/${simulationUniqueId}`, { headers: { 'Accept-Language': lang } })).json

/** The bank's messages of a simulation or process, newest first. */
export async function bankMessages(s: TestSandbox, path: string): Promise<string[]> {
  const res = await s.call('GET', `${path}/message`)
  expect(res.status, res.text).toBe(200)
  return (res.json.listMessageDetail as Array<{ origin: string; messageText: string }>).filter((m) => m.origin === 'BANK').map((m) => m.messageText)
}

/** The notification types stored for a resource since the given count, in order. */
export const typesOf = (notifications: Array<{ type: number }>) => notifications.map((n) => n.type)
