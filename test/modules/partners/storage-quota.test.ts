import { describe, expect, it } from 'vitest'
import type { Config } from '../../../src/platform/config.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { draftProcess, PDF, processPath, upload } from '../processes/process-fixtures.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { errorOf, signUp } from './partner-support.ts'

const NO_QUOTAS = { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null }
const withStorage = (storageBytes: number | null, journal: Partial<Config['journal']> = {}) =>
  createTestSandbox({ quotas: { ...NO_QUOTAS, storageBytes }, journal: { maxEntries: 1000, maxBytes: 64 * 1024, maxPerSecond: 200, ...journal } })

/** What the partner stores, read from the tables themselves (each row with its fixed part): the figures the counters must equal. */
function storedOf(s: TestSandbox, partnerUniqueID: string) {
  s.services.journal.flush()
  const one = (sql: string) => s.db.prepare(sql).pluck().get(partnerUniqueID) as number
  return {
    documentBytes: one(`SELECT COALESCE(SUM(d.size + 1024), 0) FROM process_document d JOIN process p USING (process_unique_id) WHERE p.partner_unique_id = ?`),
    mailBytes:
      one(
        `SELECT COALESCE(SUM(768 + octet_length(from_address) + octet_length(to_address) + octet_length(subject) + octet_length(body_text)), 0) FROM mailbox_message WHERE partner_unique_id = ?`,
      ) +
      one(
        `SELECT COALESCE(SUM(256 + octet_length(a.filename) + length(a.content)), 0) FROM mailbox_attachment a JOIN mailbox_message m USING (mailbox_message_id) WHERE m.partner_unique_id = ?`,
      ),
    messageBytes:
      one(`SELECT COALESCE(SUM(256 + octet_length(x.message_text)), 0) FROM simulation_message x JOIN simulation s USING (simulation_unique_id) WHERE s.partner_unique_id = ?`) +
      one(`SELECT COALESCE(SUM(256 + octet_length(x.message_text)), 0) FROM process_message x JOIN process p USING (process_unique_id) WHERE p.partner_unique_id = ?`),
    scenarioBytes: one(`SELECT COALESCE(SUM(256 + octet_length(name) + octet_length(document)), 0) FROM partner_scenario WHERE partner_unique_id = ?`),
    journalBytes: one(`SELECT COALESCE(SUM(j.bytes), 0) FROM request_journal j WHERE j.partner_unique_id = ?`),
  }
}
const counted = (s: TestSandbox, partnerUniqueID: string) => {
  s.services.journal.flush()
  return s.services.partners.quotas.of(partnerUniqueID).storageBytes.byKind
}

describe("a partner's storage quota", () => {
  it('counts every byte the partner stores (documents, e-mails with attachments, messages, own scenarios, journal), exact through deletes and reset', async () => {
    const s = await withStorage(null, { maxBytes: 10 * 1024 * 1024 })
    const partner = await signUp(s, 'Conta Bytes')
    const { processUniqueId } = await draftProcess(s, partner.token)
    const uploaded = await upload(s, processPath(processUniqueId, '/document'), { file: { bytes: PDF, name: 'caderneta.pdf' }, documentTypeId: 34 }, { token: partner.token })
    expect(uploaded.status).toBe(201)
    const { id: simulationId } = await createSimulation(s, undefined, partner.token)
    for (const text of ['Olá, banco: ação já?', 'Segunda mensagem']) {
      expect((await s.call('POST', `/v1/simulations/${simulationId}/message`, { token: partner.token, body: { messageText: text } })).status).toBe(201)
      expect((await s.call('POST', processPath(processUniqueId, '/message'), { token: partner.token, body: { messageText: text } })).status).toBe(201)
    }
    expect((await s.call('GET', `/v1/simulations/${simulationId}/esis/email?email=cliente@example.com`, { token: partner.token })).status).toBe(200)
    const scenario = { name: 'conta-lenta', description: { 'pt-PT': 'Lenta', en: 'Slow' }, effects: [{ type: 'latency', ms: 1 }] }
    expect((await s.call('POST', '/sandbox/scenarios', { token: partner.token, body: scenario })).status).toBe(201)

    const stored = storedOf(s, partner.partnerUniqueID)
    expect(Object.values(stored).every((bytes) => bytes > 0)).toBe(true)
    expect(counted(s, partner.partnerUniqueID)).toEqual(stored)
    // Another partner's writes count for it, not for this one.
    const { id: other } = await createSimulation(s)
    expect((await s.call('POST', `/v1/simulations/${other}/message`, { body: { messageText: 'de outro parceiro' } })).status).toBe(201)
    expect(counted(s, partner.partnerUniqueID).messageBytes).toBe(stored.messageBytes)

    // A document deleted, a reset (simulations and processes cascade their messages and documents).
    const id = uploaded.json.additionalData.documentUniqueID as string
    expect((await s.call('DELETE', processPath(processUniqueId, `/document/${id}`), { token: partner.token })).status).toBe(200)
    expect(counted(s, partner.partnerUniqueID)).toEqual(storedOf(s, partner.partnerUniqueID))
    // Rows deleted by cascade, whoever deletes them (the retention sweep deletes this way).
    s.db.prepare('DELETE FROM simulation WHERE simulation_unique_id = ?').run(simulationId)
    expect(counted(s, partner.partnerUniqueID)).toEqual(storedOf(s, partner.partnerUniqueID))
    expect((await s.call('POST', '/sandbox/reset', { token: partner.token })).status).toBe(200)
    const afterReset = counted(s, partner.partnerUniqueID)
    expect(afterReset).toEqual(storedOf(s, partner.partnerUniqueID))
    expect(afterReset).toMatchObject({ documentBytes: 0, mailBytes: 0, messageBytes: 0 })
  })

  it("refuses a message past the quota with 409 (010605) naming storageBytes, the journal's ring kept as room from the start", async () => {
    const ring = 64 * 1024
    const s = await withStorage(ring + 3000, { maxBytes: ring })
    const { id } = await createSimulation(s)
    const post = () => s.call('POST', `/v1/simulations/${id}/message`, { body: { messageText: 'm'.repeat(2000) } })
    expect((await post()).status).toBe(201)
    const refused = await post()
    expect([refused.status, errorOf(refused)]).toEqual([409, [['010605', 'storageBytes']]])
    const { storageBytes } = (await s.call('GET', '/sandbox/account')).json.quotas
    // A message counts its text and 256 bytes for its row.
    expect(storageBytes).toMatchObject({ limit: ring + 3000, journalReserved: ring, byKind: { messageBytes: 2256 } })
    expect(storageBytes.used).toBe(Object.values(storageBytes.byKind as Record<string, number>).reduce((a, b) => a + b, 0))
  })

  it('counts a fixed part for every record: a flood of one-character messages fills the quota too', async () => {
    const s = await withStorage(256 * 10, { maxEntries: 0, maxBytes: 0 })
    const { id } = await createSimulation(s)
    const fit = Math.floor((256 * 10) / 257)
    const statuses: number[] = []
    for (let n = 0; n < 11; n++) statuses.push((await s.call('POST', `/v1/simulations/${id}/message`, { body: { messageText: 'x' } })).status)
    expect(statuses).toEqual([...Array(fit).fill(201), ...Array(11 - fit).fill(409)])
  })

  it('refuses a bank message of the sandbox control past the quota too', async () => {
    const s = await withStorage(1000, { maxEntries: 0, maxBytes: 0 })
    const { id } = await createSimulation(s)
    const res = await s.call('POST', `/sandbox/simulations/${id}/message`, { body: { messageText: 'b'.repeat(1001) } })
    expect([res.status, errorOf(res)]).toEqual([409, [['010605', 'storageBytes']]])
  })
})

describe("the request journal's ring", () => {
  it('keeps each partner within SANDBOX_JOURNAL_MAX_MB by bytes, dropping its oldest entries first', async () => {
    const maxBytes = 40 * 1024
    const s = await withStorage(null, { maxEntries: 1000, maxBytes })
    const partner = await signUp(s, 'Diario Cheio')
    for (let n = 0; n < 20; n++) {
      await s.call('POST', '/v1/simulations/validate', { token: partner.token, body: { note: 'x'.repeat(6000) }, headers: { 'X-Request-Id': `big-${n}` } })
    }
    const kept = storedOf(s, partner.partnerUniqueID).journalBytes
    expect(kept).toBeLessThanOrEqual(maxBytes)
    expect(kept).toBeGreaterThan(maxBytes / 2)
    expect(counted(s, partner.partnerUniqueID).journalBytes).toBe(kept)
    const ids = s.db.prepare('SELECT request_id FROM request_journal WHERE partner_unique_id = ? ORDER BY seq').pluck().all(partner.partnerUniqueID)
    expect(ids.at(-1)).toBe('big-19')
    expect(ids).not.toContain('big-0')
    expect(ids.length).toBeLessThan(20)
  })

  it("counts an entry's stored texts: headers, bodies, path and errors", async () => {
    const s = await withStorage(null)
    await s.call('POST', '/v1/simulations/validate', { body: { note: 'é'.repeat(1000) }, headers: { 'X-Request-Id': 'sized' } })
    s.services.journal.flush()
    const row = s.db
      .prepare(
        `SELECT j.bytes, octet_length(b.request_body) AS body, octet_length(b.request_headers) AS headers, octet_length(b.response_body) AS answer
        FROM request_journal j JOIN request_journal_body b USING (seq) WHERE j.request_id = 'sized'`,
      )
      .get() as { bytes: number; body: number; headers: number; answer: number }
    expect(row.body).toBeGreaterThan(2000)
    expect(row.bytes).toBeGreaterThan(row.body + row.headers + row.answer)
  })
})
