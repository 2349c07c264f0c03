import { describe, expect, it } from 'vitest'
import { fold, searchQuery, searchTerms, searchWords, tenantPrefix, wordsBeyondBranch } from '../../../src/modules/simulations/simulation-search.ts'
import { createTestSandbox } from '../../support/test-app.ts'
import { createSimulation, simulationInput } from './simulation-fixtures.ts'

describe('simulation search words', () => {
  it.each([
    ['Ana-Sofia  Martins', ['Ana', 'Sofia', 'Martins']],
    ["O'Neil 123.456.789", ['O', 'Neil', '123', '456', '789']],
    ['--', []],
  ])('splits %j into words', (text, words) => {
    expect(searchWords(text)).toEqual(words)
  })

  it('stores and searches every word behind a fixed-width prefix of the broker', () => {
    expect(tenantPrefix(1001)).toBe('t0000rtx')
    expect(tenantPrefix(36 ** 6 - 1)).toHaveLength(8)
    expect(searchTerms(1001, ['João Silva', null, '123456789'])).toBe('t0000rtxJoão t0000rtxSilva t0000rtx123456789')
    expect(searchQuery(1001, ['jo', 'sil'])).toBe('"t0000rtxjo"* "t0000rtxsil"*')
    expect(searchQuery(1001, [])).toBeNull()
  })

  it.each([
    [['lisboa'], ['Lisboa - Avenida da República'], []],
    [['REPUB', 'silva'], ['Lisboa - Avenida da República'], ['silva']],
    [['lisboa'], ['Lisboa - Avenida da República', 'Porto - Boavista'], ['lisboa']],
    [['lisboa'], [], ['lisboa']],
  ])('keeps of %j the words that filter beyond the only branch %j', (words, branches, kept) => {
    expect(wordsBeyondBranch(words, branches)).toEqual(kept)
  })

  it('folds case and accents', () => {
    expect(fold('RepÚblica')).toBe('republica')
  })
})

describe('Simulation List text filter with several branches', () => {
  it('searches the branch words in the index once the broker has more than one branch', async () => {
    const before = await createTestSandbox()
    const old = (await createSimulation(before)).id
    // The broker's branch changes with new seeds, which take effect at the next start.
    before.db.prepare("UPDATE branch SET description = 'Lisboa - Saldanha' WHERE branch_id = 311").run()
    const s = await createTestSandbox({}, { db: before.db })
    const recent = (await createSimulation(s, simulationInput({ borrowersSimulator: { keyBorrowerName: 'Rita Saldanha' } }))).id
    const ids = async (text: string) =>
      (await s.call('GET', `/v1/simulations?filterByText=${encodeURIComponent(text)}`)).json.listSimulationDetail.map((i: { simulationUniqueID: string }) => i.simulationUniqueID)
    expect(await ids('república')).toEqual([old])
    expect(await ids('saldanha')).toEqual([recent])
    expect(await ids('lisboa')).toEqual([recent, old])
    expect(await ids('lisboa ana')).toEqual([old])
  })
})

describe('the words of the text filter, written once per write batch', () => {
  it('are not written for a simulation whose request was rolled back', async () => {
    const fresh = await createTestSandbox()
    const { services, db } = fresh
    const auth = services.auth.authenticate(`Bearer ${fresh.tokens.a}`)
    services.writes.begin()
    const kept = services.simulations.create(auth, simulationInput({ borrowersSimulator: { keyBorrowerName: 'Zeferino Kept' } }))
    const failing = db.transaction(() => {
      services.simulations.create(auth, simulationInput({ borrowersSimulator: { keyBorrowerName: 'Zeferino Undone' } }))
      throw new Error('the request fails after its create')
    })
    expect(() => failing()).toThrow()
    await services.writes.settled()
    const found = await fresh.call('GET', '/v1/simulations?filterByText=zeferino')
    expect(found.json.listSimulationDetail.map((s: { simulationUniqueID: string }) => s.simulationUniqueID)).toEqual([kept.simulationUniqueID])
    expect(db.prepare('SELECT count(*) FROM simulation_search').pluck().get()).toBe(1)
  })
})
