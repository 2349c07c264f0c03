import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, simulationInput } from './simulation-fixtures.ts'

let s: TestSandbox
/** Ids of broker A's simulations, oldest first. */
const ids: string[] = []
const NAMES = ['Ana Sofia Martins', 'João Pedro Almeida', 'Maria Conceição Sousa', 'Rui Martinho Costa', 'Inês Duarte', 'Tiago Almeida Reis', 'Carla Martins Lopes']

beforeAll(async () => {
  s = await createTestSandbox()
  s.clock.set('2026-03-01T09:00:00.000Z')
  for (const [index, name] of NAMES.entries()) {
    // The last two share their creation instant: the number breaks the tie.
    if (index < 6) s.clock.advance(3_600_000)
    const notEligible = index === 2 || index === 4
    const input = simulationInput({ borrowersSimulator: { keyBorrowerName: name }, loanSimulator: { loanAmount: notEligible ? 245000 : 200000 } })
    ids.push((await createSimulation(s, input)).id)
  }
})

type Item = { simulationUniqueID: string; keyBorrowerTaxID: string; statusLastDate: string; simulationStatusID: number; keyBorrowerName: string }
const list = async (query = '') => {
  const res = await s.call('GET', `/v1/simulations${query ? `?${query}` : ''}`)
  return { ...res, items: (res.json?.listSimulationDetail ?? []) as Item[] }
}
const newestFirst = () => [...ids].reverse()

describe('Simulation List', () => {
  it('answers the broker simulations newest first, creation time then number', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.json.totalRecords).toBe(7)
    expect(res.json.hasMoreResults).toBe(false)
    expect(res.items.map((i) => i.simulationUniqueID)).toEqual(newestFirst())
    expect(res.items[0]).toEqual({
      simulationUniqueID: ids[6],
      simulationNumber: 7,
      keyBorrowerName: 'Carla Martins Lopes',
      keyBorrowerTaxID: expect.stringMatching(/^\d{9}$/),
      loanAmount: 200000,
      statusLastDate: '2026-03-01T15:00:00.000Z',
      simulationStatusID: 1,
      simulationStatusDescription: 'Simulada',
      propertyAmount: 250000,
      ltvEstimated: 80,
      branchID: 311,
      branchDescription: 'Lisboa - Avenida da República',
      origin: 'API',
      youthCredit: false,
    })
  })

  it('pages older records with nextRecord and newer ones with previousRecord, in both directions', async () => {
    const all = newestFirst()
    const first = await list('lineCount=3')
    expect(first.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(0, 3))
    expect(first.json).toMatchObject({ totalRecords: 7, hasMoreResults: true })
    const second = await list(`lineCount=3&nextRecord=${all[2]}`)
    expect(second.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(3, 6))
    expect(second.json.hasMoreResults).toBe(true)
    const third = await list(`lineCount=3&nextRecord=${all[5]}`)
    expect(third.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(6))
    expect(third.json).toMatchObject({ totalRecords: 7, hasMoreResults: false })
    const back = await list(`lineCount=3&previousRecord=${all[6]}`)
    expect(back.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(3, 6))
    expect(back.json.hasMoreResults).toBe(true)
    const backToStart = await list(`lineCount=3&previousRecord=${all[3]}`)
    expect(backToStart.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(0, 3))
    expect(backToStart.json.hasMoreResults).toBe(false)
    const partial = await list(`lineCount=3&previousRecord=${all[1]}`)
    expect(partial.items.map((i) => i.simulationUniqueID)).toEqual(all.slice(0, 1))
    expect(partial.json.hasMoreResults).toBe(false)
  })

  it.each([
    ['a name prefix', 'filterByText=mart', [0, 3, 6]],
    ['two words in any order', 'filterByText=martins%20carla', [6]],
    ['a name without its accents', 'filterByText=ines', [4]],
    ['a name in another case with accents', 'filterByText=CONCEIÇÃO', [2]],
    ['the second borrower name', 'filterByText=Pedro%20Almeida', [0, 1, 2, 3, 4, 5, 6]],
    ['the branch description', 'filterByText=rep%C3%BAblica', [0, 1, 2, 3, 4, 5, 6]],
    ['no match', 'filterByText=zzz', []],
    ['the status', 'filterSimulationStatus=2', [2, 4]],
    ['the status and a text', 'filterSimulationStatus=1&filterByText=mart', [0, 3, 6]],
    ['an inclusive date range', 'filterStatusLastDateFrom=2026-03-01T11:00:00Z&filterStatusLastDateTo=2026-03-01T13:00:00.000Z', [1, 2, 3]],
    ['a date range without offset (UTC)', 'filterStatusLastDateFrom=2026-03-01T14:00', [4, 5, 6]],
    ['whole days', 'filterStatusLastDateFrom=2026-03-01&filterStatusLastDateTo=2026-03-01', [0, 1, 2, 3, 4, 5, 6]],
    ['a day before', 'filterStatusLastDateTo=2026-02-28', []],
  ])('filters by %s', async (_, query, expected) => {
    const res = await list(`${query}&lineCount=100`)
    expect(res.status, res.text).toBe(200)
    expect(res.items.map((i) => ids.indexOf(i.simulationUniqueID)).sort()).toEqual([...expected].sort())
    expect(res.json.totalRecords).toBe(expected.length)
  })

  it.each([
    ['no filter', ''],
    ['a text', 'filterByText=mart'],
    ['a text matching all', 'filterByText=lisboa'],
    ['a status', 'filterSimulationStatus=1'],
    ['a date range', 'filterStatusLastDateFrom=2026-03-01T11:00:00Z&filterStatusLastDateTo=2026-03-01T15:00:00Z'],
    ['a text, a status and dates', 'filterByText=martin&filterSimulationStatus=1&filterStatusLastDateTo=2026-03-01T14:30:00Z'],
  ])('gives the same records one at a time, both ways, as in one page, with %s', async (_, filter) => {
    const whole = (await list(`${filter}&lineCount=100`)).items.map((i) => i.simulationUniqueID)
    const forward: string[] = []
    let cursor = ''
    for (let guard = 0; guard < 20; guard++) {
      const res = await list(`${filter}&lineCount=1${cursor ? `&nextRecord=${cursor}` : ''}`)
      forward.push(...res.items.map((i) => i.simulationUniqueID))
      expect(res.json.totalRecords).toBe(whole.length)
      if (!res.json.hasMoreResults) break
      cursor = res.items[0]!.simulationUniqueID
    }
    expect(forward).toEqual(whole)
    const backward: string[] = []
    cursor = whole.at(-1) ?? ''
    for (let guard = 0; cursor && guard < 20; guard++) {
      const res = await list(`${filter}&lineCount=2&previousRecord=${cursor}`)
      backward.unshift(...res.items.map((i) => i.simulationUniqueID))
      if (!res.json.hasMoreResults) break
      cursor = res.items[0]!.simulationUniqueID
    }
    expect([...backward, ...whole.slice(-1)]).toEqual(whole)
  })

  it('finds a simulation by a prefix of its tax id', async () => {
    const target = (await list()).items.find((i) => i.simulationUniqueID === ids[4])!
    const res = await list(`filterByText=${target.keyBorrowerTaxID.slice(0, 6)}`)
    expect(res.items.map((i) => i.simulationUniqueID)).toContain(ids[4])
  })

  it('pages within a filter, counting only its matches', async () => {
    const first = await list('filterByText=mart&lineCount=2')
    expect(first.json).toMatchObject({ totalRecords: 3, hasMoreResults: true })
    const next = await list(`filterByText=mart&lineCount=2&nextRecord=${first.items[1]!.simulationUniqueID}`)
    expect(next.items.map((i) => i.simulationUniqueID)).toEqual([ids[0]])
    expect(next.json).toMatchObject({ totalRecords: 3, hasMoreResults: false })
  })

  it('sees a status change in the status filter and date', async () => {
    const { id } = await createSimulation(s)
    s.clock.advance(1000)
    await s.call('DELETE', `/v1/simulations/${id}`, { body: { simulationCancelReasonId: 3 } })
    const res = await list('filterSimulationStatus=4')
    expect(res.items).toEqual([expect.objectContaining({ simulationUniqueID: id, statusLastDate: s.clock.now().toISOString(), simulationStatusDescription: 'Cancelada' })])
  })

  it.each([
    ['both cursors', () => `nextRecord=${ids[1]}&previousRecord=${ids[2]}`, 'previousRecord', '010107'],
    ['an unknown cursor', () => 'nextRecord=4f7f1d2c-0000-4000-8000-000000000000', 'nextRecord', '010105'],
    ['a cursor that is no id', () => 'previousRecord=abc', 'previousRecord', '010105'],
    ['lineCount 0', () => 'lineCount=0', 'lineCount', '010104'],
    ['lineCount 101', () => 'lineCount=101', 'lineCount', '010104'],
    ['an unknown status', () => 'filterSimulationStatus=9', 'filterSimulationStatus', '010106'],
    ['a malformed date', () => 'filterStatusLastDateFrom=01-03-2026', 'filterStatusLastDateFrom', '010103'],
    ['an impossible date', () => 'filterStatusLastDateTo=2026-02-30', 'filterStatusLastDateTo', '010103'],
    ['dates in the wrong order', () => 'filterStatusLastDateFrom=2026-03-02&filterStatusLastDateTo=2026-03-01', 'filterStatusLastDateTo', '010107'],
  ])('refuses %s with 400', async (_, query, field, code) => {
    const res = await list(query())
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: field, errorCode: code })
  })
})
