import { describe, expect, it } from 'vitest'
import { LISTS, STORED_LISTS } from '../../../src/modules/taxonomy/taxonomy.schemas.ts'
import { createTestSandbox } from '../../support/test-app.ts'

const { call } = await createTestSandbox()
const get = (path: string, lang = 'pt-PT') => call('GET', path, { headers: { 'Accept-Language': lang } })
const itemsOf = (list: { name: string }, body: any): any[] => (list.name === 'notification-types' ? body.notificationTypeList : body)

describe('the 46 reference lists', () => {
  it('are all registered, with the names docs/design.md gives them', () => {
    expect(LISTS).toHaveLength(46)
    expect(new Set(LISTS.map((l) => l.name)).size).toBe(46)
  })

  it.each(LISTS.map((l) => [l.name, l] as const))('%s answers a non-empty list of items with id and description', async (_, list) => {
    const res = await get(`/v1/taxonomy/${list.name}?lineCount=100`)
    expect(res.status).toBe(200)
    const items = itemsOf(list, res.json)
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) {
      expect(item).toEqual(expect.objectContaining({ id: expect.any(Number), description: expect.any(String) }))
      expect(item.description.length).toBeGreaterThan(0)
    }
  })

  // Place names are the same in both languages; every other list has its own English wording.
  const translated = STORED_LISTS.filter((l) => !['districts', 'counties', 'parishes'].includes(l.name))
  it.each(translated.map((l) => [l.name, l] as const))('%s is localized: pt-PT by default, en on request', async (_, list) => {
    const pt = await get(`/v1/taxonomy/${list.name}?lineCount=100`)
    const en = await get(`/v1/taxonomy/${list.name}?lineCount=100`, 'en')
    expect(pt.headers.get('content-language')).toBe('pt-PT')
    expect(en.headers.get('content-language')).toBe('en')
    const ptItems = itemsOf(list, pt.json)
    const enItems = itemsOf(list, en.json)
    expect(enItems.map((i) => i.id)).toEqual(ptItems.map((i) => i.id))
    expect(enItems.some((item, index) => item.description !== ptItems[index].description)).toBe(true)
  })

  it('districts: the 18 mainland districts and the islands of Madeira and the Azores, by DTMN code', async () => {
    const { json } = await get('/v1/taxonomy/districts', 'en')
    expect(json).toHaveLength(29)
    expect(json.filter((d: any) => d.region === 'Continente')).toHaveLength(18)
    expect(json.find((d: any) => d.id === 11)).toMatchObject({ code: '11', description: 'Lisbon', countryId: 620 })
    expect(json.map((d: any) => d.code)).toEqual(expect.arrayContaining(['01', '18', '31', '32', '41', '49']))
  })

  it('counties: all 308 municipalities with their DDCC code and district', async () => {
    const { json } = await get('/v1/taxonomy/counties')
    expect(json).toHaveLength(308)
    for (const county of json) expect(county.code.slice(0, 2)).toBe(String(county.districtId).padStart(2, '0'))
    expect(json.find((c: any) => c.id === 1106)).toMatchObject({ code: '1106', description: 'Lisboa', districtId: 11 })
  })

  it.each([
    [11, 134],
    [13, 243],
    [15, 55],
    [3, 347],
    [8, 67],
  ])('parishes: every parish of district %i (%i after the 2013 reform)', async (districtId, expected) => {
    const { json: counties } = await get(`/v1/taxonomy/counties?districtId=${districtId}`)
    const { json: parishes } = await get('/v1/taxonomy/parishes')
    const countyIds = new Set(counties.map((c: any) => c.id))
    expect(parishes.filter((p: any) => countyIds.has(p.countyId))).toHaveLength(expected)
  })

  it('parishes filter by county: Lisboa has its 24 parishes with DDCCFF codes', async () => {
    const { json } = await get('/v1/taxonomy/parishes?countyId=1106')
    expect(json).toHaveLength(24)
    expect(json.map((p: any) => p.description)).toContain('Alcântara')
    for (const parish of json) expect(parish.code).toMatch(/^1106\d{2}$/)
  })

  it.each([
    ['country-with-districts?countryId=620', 'districts', 29],
    ['districts-with-counties?districtId=11', 'counties', 16],
    ['county-with-parishes?countyId=1106', 'parishes', 24],
  ])('%s nests the children of the parent asked for', async (path, key, count) => {
    const { status, json } = await get(`/v1/taxonomy/${path}`)
    expect(status).toBe(200)
    expect(json).toHaveLength(1)
    expect(json[0][key]).toHaveLength(count)
  })

  it('a "with" list without a filter nests every parent', async () => {
    const { json } = await get('/v1/taxonomy/districts-with-counties')
    expect(json).toHaveLength(29)
    expect(json.reduce((n: number, d: any) => n + d.counties.length, 0)).toBe(308)
  })

  it('a filter that is not a number is 400 naming the parameter', async () => {
    const res = await get('/v1/taxonomy/counties?districtId=abc')
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorField).toBe('districtId')
  })

  it('document types carry the mandatory flag; workflow states their flags', async () => {
    const { json: documents } = await get('/v1/taxonomy/document-types')
    expect(documents.some((d: any) => d.mandatory === true)).toBe(true)
    const { json: states } = await get('/v1/taxonomy/workflow-states-simulation', 'en')
    expect(states.map((s: any) => [s.id, s.code, s.cancelable, s.updatable])).toEqual([
      [1, 'SIMULATED', true, true],
      [2, 'NOT_ELIGIBLE', true, true],
      [3, 'COMPLETED', false, false],
      [4, 'CANCELLED', false, false],
      [5, 'EXPIRED', false, false],
    ])
  })

  it('index types carry their current values', async () => {
    const { json } = await get('/v1/taxonomy/index-types')
    expect(json.map((i: any) => [i.code, i.value])).toEqual([
      ['EURIBOR_3M', 2.03],
      ['EURIBOR_6M', 2.14],
      ['EURIBOR_12M', 2.25],
    ])
  })
})

describe('notification types are paginated like simulations', () => {
  const page = async (query: string) => (await get(`/v1/taxonomy/notification-types?${query}`)).json

  it('lists types 5, 6 and 7 as the ones echo can simulate', async () => {
    const { notificationTypeList } = await page('lineCount=100')
    expect(notificationTypeList.filter((t: any) => t.echo).map((t: any) => t.id)).toEqual([5, 6, 7])
  })

  it('pages forward with nextRecord and back with previousRecord', async () => {
    const first = await page('lineCount=4')
    expect(first.totalRecords).toBeGreaterThan(8)
    expect(first.hasMoreResults).toBe(true)
    expect(first.notificationTypeList.map((t: any) => t.id)).toEqual([1, 2, 3, 4])
    const second = await page('lineCount=4&nextRecord=4')
    expect(second.notificationTypeList.map((t: any) => t.id)).toEqual([5, 6, 7, 8])
    const back = await page('lineCount=4&previousRecord=5')
    expect(back.notificationTypeList.map((t: any) => t.id)).toEqual([1, 2, 3, 4])
    expect(back.hasMoreResults).toBe(false)
    const last = await page(`lineCount=100&nextRecord=${first.totalRecords - 1}`)
    expect(last.notificationTypeList).toHaveLength(1)
    expect(last.hasMoreResults).toBe(false)
  })

  it.each([
    ['lineCount=0', 'lineCount'],
    ['lineCount=101', 'lineCount'],
    ['nextRecord=999', 'nextRecord'],
    ['nextRecord=2&previousRecord=4', 'previousRecord'],
  ])('%s is 400 naming %s', async (query, field) => {
    const res = await get(`/v1/taxonomy/notification-types?${query}`)
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorField).toBe(field)
  })
})
