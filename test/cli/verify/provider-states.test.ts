import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it } from 'vitest'
import { fixtureNames, loadFixture } from '../../../src/cli/verify/provider-states/fixture-registry.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

const SIMULATION = '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10'
const PROCESS = '0d6c1b2a-4e5f-4a7b-8c9d-1e2f3a4b5c6d'
const KEY_BORROWER = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6e'
const CO_BORROWER = '2b3c4d5e-6f7a-4b9c-8d1e-2f3a4b5c6d7f'
const PROPERTY = '3c4d5e6f-7a8b-4c0d-9e2f-3a4b5c6d7e80'
const DOCUMENT = '4d5e6f7a-8b9c-4d1e-8f3a-4b5c6d7e8f91'
const NEW_PARTNER = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const tokenOf = (actor: { partnerUniqueID: string; brokerId: number; userId: number }) => s.services.auth.issueToken(actor).accessToken

describe('scenario fixtures (Pact provider states)', () => {
  it('creates a simulation with exactly the id given, through the service (history and notification)', async () => {
    const actor = await loadFixture(s.services, 'a simulation exists', { simulationUniqueId: SIMULATION })
    expect(actor).toEqual({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001, admin: true })
    const detail = await s.call('GET', `/v1/simulations/${SIMULATION}`)
    expect(detail.json.simulationDetail).toMatchObject({ simulationUniqueId: SIMULATION, simulationStatusId: 1 })
    expect(s.db.prepare('SELECT count(*) FROM notification WHERE simulation_unique_id = ?').pluck().get(SIMULATION)).toBe(1)
  })

  it.each([
    ['a completed simulation exists', 3],
    ['a non-eligible simulation exists', 2],
    ['a cancelled simulation exists', 4],
  ])('%s: the simulation ends in status %i', async (state, statusId) => {
    await loadFixture(s.services, state, { simulationUniqueId: SIMULATION })
    const detail = await s.call('GET', `/v1/simulations/${SIMULATION}`)
    expect(detail.json.simulationDetail.simulationStatusId).toBe(statusId)
  })

  it('creates a process with its borrowers and property under the ids given', async () => {
    await loadFixture(s.services, 'a process exists', { processUniqueId: PROCESS, keyBorrowerUniqueId: KEY_BORROWER, borrowerUniqueId: CO_BORROWER, propertyUniqueId: PROPERTY })
    const detail = await s.call('GET', `/v1/processes/${PROCESS}`)
    expect(detail.json.processDetail.processStatusId).toBe(1)
    expect(detail.json.borrowers.map((b: { borrowerUniqueID: string }) => b.borrowerUniqueID)).toEqual([KEY_BORROWER, CO_BORROWER])
    expect(detail.json.propertyProcessDetail.propertyUniqueId).toBe(PROPERTY)
  })

  it('submits a complete process, and leaves a ready one for Submit to accept', async () => {
    await loadFixture(s.services, 'a submitted process exists', { processUniqueId: PROCESS })
    expect((await s.call('GET', `/v1/processes/${PROCESS}`)).json.processDetail.processStatusId).toBe(2)
    const other = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910'
    await loadFixture(s.services, 'a process ready to submit exists', { processUniqueId: other })
    expect((await s.call('POST', `/v1/processes/${other}/submit`)).status).toBe(200)
  })

  it('uploads a document under the id given', async () => {
    await loadFixture(s.services, 'a document exists', { processUniqueId: PROCESS, documentUniqueId: DOCUMENT })
    const document = await s.call('GET', `/v1/processes/${PROCESS}/document/${DOCUMENT}`)
    expect(document.json).toMatchObject({ documentUniqueID: DOCUMENT, documentTypeID: 1, contentType: 'application/pdf' })
  })

  it('creates an unknown partner with a broker and a user, and registers its callback', async () => {
    const actor = await loadFixture(s.services, 'a callback is registered', { partnerUniqueID: NEW_PARTNER, notificationType: '6', callbackUrl: 'https://hooks.partner.example/n' })
    expect(actor.partnerUniqueID).toBe(NEW_PARTNER)
    const list = await s.call('GET', `/${NEW_PARTNER}/callbacks`, { token: tokenOf(actor) })
    expect(list.json.callbackList).toEqual([expect.objectContaining({ notificationType: 6, callbackUrl: 'https://hooks.partner.example/n' })])
    expect(await loadFixture(s.services, 'a partner exists', { partnerUniqueID: NEW_PARTNER })).toEqual(actor)
  })

  it('gives the records of a named partner to its broker only', async () => {
    const actor = await loadFixture(s.services, 'a simulation exists', { simulationUniqueId: SIMULATION, partnerUniqueID: NEW_PARTNER })
    expect((await s.call('GET', `/v1/simulations/${SIMULATION}`, { token: tokenOf(actor) })).status).toBe(200)
    expect((await s.call('GET', `/v1/simulations/${SIMULATION}`)).status).toBe(404)
  })

  it('refuses an unknown state, listing the known ones', async () => {
    await expect(loadFixture(s.services, 'a unicorn exists')).rejects.toThrow(/Unknown provider state "a unicorn exists"\. Known states: "a partner exists", .*"a document exists"/)
  })

  it('refuses bad and unknown parameters, naming them', async () => {
    await expect(loadFixture(s.services, 'a simulation exists', { simulationUniqueId: 'nope' })).rejects.toThrow(/simulationUniqueId/)
    await expect(loadFixture(s.services, 'a simulation exists', { simulationUniqueID: SIMULATION })).rejects.toThrow(/simulationUniqueID/)
  })

  it('is documented: every state appears in docs/contract-testing.md', () => {
    const page = readFileSync(new URL('../../../docs/contract-testing.md', import.meta.url), 'utf8')
    for (const name of fixtureNames()) expect(page).toContain(`\`${name}\``)
  })
})
