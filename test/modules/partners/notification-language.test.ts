import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { notificationsOf } from '../processes/process-fixtures.ts'

/** The texts of a notification's data, each with the reference list and id it describes. */
const DESCRIBED: Record<string, [string, string]> = {
  processStatusDescription: ['processStatusId', 'workflow-states-proposal'],
  simulationStatusDescription: ['simulationStatusId', 'workflow-states-simulation'],
}

describe("notifications in the partner's language", () => {
  let s: TestSandbox
  beforeAll(async () => {
    s = await createTestSandbox()
  })
  afterAll(() => s.db.close())

  /** A journey asked in Portuguese: a simulation the bank writes a message on, and a process from it. */
  async function journey() {
    const headers = { 'Accept-Language': 'pt-PT', 'X-Sandbox-Scenario': 'bank-message' }
    const simulation = await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, headers })
    const simulationUniqueId = simulation.json.additionalData.simulationUniqueID as string
    const process = await s.call('POST', '/v1/processes', { body: { simulationUniqueId }, headers: { 'Accept-Language': 'pt-PT' } })
    expect(process.status).toBe(201)
    expect((await s.call('POST', '/sandbox/clock/advance', { body: { seconds: 5 } })).status).toBe(200)
    const processUniqueId = process.json.additionalData.processUniqueID as string
    return [...notificationsOf(s, 'simulation_unique_id', simulationUniqueId), ...notificationsOf(s, 'process_unique_id', processUniqueId)].map(
      (n) => n.body.data as Record<string, unknown>,
    )
  }

  /** Every text of the notifications, and the language it should be in: each description by its list, the bank's message. */
  function texts(data: Array<Record<string, unknown>>) {
    return data.flatMap((d) => [
      ...Object.entries(DESCRIBED)
        .filter(([field]) => field in d)
        .map(([field, [id, list]]) => ({ text: d[field], of: (lang: 'pt-PT' | 'en') => s.services.taxonomy.describe(list, d[id] as number, lang) })),
      ...('messageText' in d
        ? [
            {
              text: d.messageText,
              of: (lang: 'pt-PT' | 'en') =>
                lang === 'en'
                  ? "Good morning. We need to confirm the second borrower's income. Thank you."
                  : 'Bom dia. Precisamos de confirmar os rendimentos do segundo titular. Obrigado.',
            },
          ]
        : []),
    ])
  }

  it('writes them in pt-PT by default, and the account says so', async () => {
    expect((await s.call('GET', '/sandbox/account')).json.language).toBe('pt-PT')
    const found = texts(await journey())
    expect(found.length).toBeGreaterThanOrEqual(5)
    for (const { text, of } of found) expect(text).toBe(of('pt-PT'))
  })

  it("lets only the partner's administrator set the language", async () => {
    expect((await s.call('PUT', '/sandbox/account/language', { body: { language: 'en' }, token: s.tokens.a2 })).status).toBe(403)
    expect((await s.call('PUT', '/sandbox/account/language', { body: { language: 'fr' } })).json.errors[0].errorField).toBe('language')
    const set = await s.call('PUT', '/sandbox/account/language', { body: { language: 'en' } })
    expect([set.status, set.json]).toEqual([200, { language: 'en' }])
    expect((await s.call('GET', '/sandbox/account', { token: s.tokens.a2 })).json.language).toBe('en')
  })

  it("with en set, writes no Portuguese text in a journey asked in Portuguese: status descriptions and the bank's message alike", async () => {
    await s.call('PUT', '/sandbox/account/language', { body: { language: 'en' } })
    const found = texts(await journey())
    expect(found.map((t) => t.text)).toContain("Good morning. We need to confirm the second borrower's income. Thank you.")
    for (const { text, of } of found) {
      expect(text).toBe(of('en'))
      expect(text).not.toBe(of('pt-PT'))
    }
  })

  it('follows a change of language from the next notification on', async () => {
    await s.call('PUT', '/sandbox/account/language', { body: { language: 'pt-PT' } })
    for (const { text, of } of texts(await journey())) expect(text).toBe(of('pt-PT'))
    await s.call('PUT', '/sandbox/account/language', { body: { language: 'en' } })
    for (const { text, of } of texts(await journey())) expect(text).toBe(of('en'))
  })
})
