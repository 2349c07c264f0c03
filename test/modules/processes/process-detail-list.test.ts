import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'
import { draftProcess, processPath } from './process-fixtures.ts'

let s: TestSandbox
const ids: string[] = []
beforeAll(async () => {
  s = await createTestSandbox()
  // Five processes a minute apart, oldest first; the third has another key borrower.
  for (let i = 0; i < 5; i++) {
    const input = i === 2 ? simulationInput({ borrowersSimulator: { keyBorrowerName: 'Conceição Gonçalves' } }) : undefined
    ids.push((await draftProcess(s, undefined, input)).processUniqueId)
    s.clock.advance(60_000)
  }
})

const list = (query = '') => s.call('GET', `/v1/processes${query}`)
const idsOf = (res: { json: { listProcessDetail: Array<{ processUniqueID: string }> } }) => res.json.listProcessDetail.map((p) => p.processUniqueID)

describe('Process Detail', () => {
  it('answers the sections of the process in the language asked', async () => {
    const res = await s.call('GET', processPath(ids[0]!), { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    expect(Object.keys(res.json)).toEqual([
      'processDetail',
      'loanProcessDetail',
      'insuranceProcessDetail',
      'bankCharges',
      'borrowers',
      'propertyProcessDetail',
      'documents',
      'statusHistory',
    ])
    expect(res.json.processDetail).toMatchObject({
      processStatusDescription: 'Draft',
      phaseDescription: 'Proposal',
      branchId: '311',
      branchDescription: 'Lisboa - Avenida da República',
    })
    for (const key of ['cancelReasonId', 'submissionDate', 'nonElegibilityDescription']) expect(res.json.processDetail, key).not.toHaveProperty(key)
    expect(res.json.loanProcessDetail).toMatchObject({ loanAmount: 200000, loanDurationMonths: 360, indexTypeSubCategoryDescription: expect.any(String), loanPurposeId: '1' })
    expect(res.json.bankCharges.length).toBeGreaterThan(4)
    expect(res.json.documents).toEqual([])
    expect(res.json.borrowers[0].borrowerTypeDescription).toBe('Key borrower')
  })

  it('answers 404 for an unknown process', async () => {
    const res = await s.call('GET', processPath('00000000-0000-4000-8000-000000000000'))
    expect(res.status).toBe(404)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010401', errorField: 'processUniqueId' })
  })
})

describe('Process List', () => {
  it("lists the broker's processes newest first with the list item fields", async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.json.totalRecords).toBe(5)
    expect(res.json.hasMoreResults).toBe(false)
    expect(idsOf(res)).toEqual([...ids].reverse())
    expect(res.json.listProcessDetail[0]).toEqual({
      processUniqueID: ids[4],
      processNumber: expect.any(Number),
      simulationUniqueID: expect.any(String),
      keyBorrowerName: 'Ana Sofia Martins',
      keyBorrowerTaxID: expect.stringMatching(/^\d{9}$/),
      loanAmount: 200000,
      creationDate: expect.any(String),
      statusLastDate: expect.any(String),
      processStatusID: 1,
      processStatusDescription: 'Rascunho',
      propertyAmount: 250000,
      ltvEstimated: 80,
      branchID: 311,
      branchDescription: 'Lisboa - Avenida da República',
      youthCredit: false,
    })
  })

  it('pages by keyset: nextRecord reads older, previousRecord newer', async () => {
    const first = await list('?lineCount=2')
    expect(idsOf(first)).toEqual([ids[4], ids[3]])
    expect(first.json).toMatchObject({ totalRecords: 5, hasMoreResults: true })
    const second = await list(`?lineCount=2&nextRecord=${ids[3]}`)
    expect(idsOf(second)).toEqual([ids[2], ids[1]])
    const last = await list(`?lineCount=2&nextRecord=${ids[1]}`)
    expect(idsOf(last)).toEqual([ids[0]])
    expect(last.json.hasMoreResults).toBe(false)
    const back = await list(`?lineCount=2&previousRecord=${ids[1]}`)
    expect(idsOf(back)).toEqual([ids[3], ids[2]])
    expect(back.json.hasMoreResults).toBe(true)
  })

  it.each([
    ['a name without accents', 'conceicao', [2]],
    ['the start of a word', 'GONÇ', [2]],
    ['every word', 'ana martins', [4, 3, 1, 0]],
    ['not the middle of a word', 'onçalves', []],
    ['the branch', 'república', [4, 3, 2, 1, 0]],
  ])('filters by text: %s', async (_, text, expected) => {
    expect(idsOf(await list(`?filterByText=${encodeURIComponent(text)}`))).toEqual(expected.map((i) => ids[i]))
  })

  it('filters by the whole process number', async () => {
    const number = (await s.call('GET', processPath(ids[1]!))).json.processDetail.processNumber
    expect(idsOf(await list(`?filterByText=${number}`))).toContain(ids[1])
  })

  it('filters by tax id prefix', async () => {
    const taxId = (await list()).json.listProcessDetail[3].keyBorrowerTaxID as string
    expect(idsOf(await list(`?filterByText=${taxId.slice(0, 6)}`))).toContain(ids[1])
  })

  it('filters by status date', async () => {
    const dateOf = async (i: number) => (await s.call('GET', processPath(ids[i]!))).json.processDetail.statusLastDate as string
    const res = await list(`?filterStatusLastDateFrom=${encodeURIComponent(await dateOf(1))}&filterStatusLastDateTo=${encodeURIComponent(await dateOf(3))}`)
    expect(idsOf(res)).toEqual([ids[3], ids[2], ids[1]])
  })

  it('filters by status', async () => {
    s.services.processes.changeStatus(1001, ids[0]!, 2, 'sandbox')
    const submitted = await list('?filterProcessStatus=2')
    expect(idsOf(submitted)).toEqual([ids[0]])
    expect(submitted.json.totalRecords).toBe(1)
  })

  it('shows no process of another broker', async () => {
    const res = await list()
    const b = await s.call('GET', '/v1/processes', { token: s.tokens.b })
    expect(res.json.totalRecords).toBe(5)
    expect(b.json).toEqual({ totalRecords: 0, hasMoreResults: false, listProcessDetail: [] })
  })

  it.each([
    ['lineCount above 100', '?lineCount=101', 'lineCount'],
    ['an unknown cursor', '?nextRecord=00000000-0000-4000-8000-000000000000', 'nextRecord'],
    ['both cursors', `?nextRecord=${'a'}&previousRecord=b`, 'previousRecord'],
    ['an unknown status', '?filterProcessStatus=99', 'filterProcessStatus'],
    ['dates in the wrong order', '?filterStatusLastDateFrom=2026-02-01&filterStatusLastDateTo=2026-01-01', 'filterStatusLastDateTo'],
    ['a malformed date', '?filterStatusLastDateFrom=yesterday', 'filterStatusLastDateFrom'],
  ])('refuses %s with 400', async (_, query, field) => {
    const res = await list(query)
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e: { errorField: string }) => e.errorField)).toContain(field)
  })
})
