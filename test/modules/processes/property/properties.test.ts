import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { draftProcess, processPath } from '../process-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

async function propertyOf(processUniqueId: string, lang = 'pt-PT') {
  return (await s.call('GET', processPath(processUniqueId, '/property'), { headers: { 'Accept-Language': lang } })).json.propertyList[0]
}
const update = (processUniqueId: string, propertyUniqueId: string, body: unknown) => s.call('PUT', processPath(processUniqueId, `/property/${propertyUniqueId}`), { body })
const errorsOf = (res: { json: { errors: Array<{ errorCode: string; errorField: string }> } }) => res.json.errors.map((e) => [e.errorCode, e.errorField])

describe('Property List', () => {
  it('answers what the simulation shows of its property, and no county or parish the partner never chose', async () => {
    for (let i = 0; i < 3; i++) {
      const { processUniqueId, simulationUniqueId } = await draftProcess(s)
      const simulation = (await s.call('GET', `/v1/simulations/${simulationUniqueId}`)).json.propertySimulationDetail
      const res = await s.call('GET', processPath(processUniqueId, '/property'))
      expect(res.status).toBe(200)
      expect(res.json.propertyList).toHaveLength(1)
      const p = res.json.propertyList[0]
      expect(p).toMatchObject({
        typologyId: simulation.typologyId,
        typologyDescription: simulation.typologyDescription,
        districtId: simulation.districtId,
        districtDescription: simulation.districtDescription,
        grossBuiltArea: simulation.grossBuiltArea,
        acquisitionAmount: 250000,
        evaluationEstimatedAmount: 255000,
        sustainabilityCampaign: false,
      })
      for (const field of ['countyId', 'parishId', 'address', 'zipCode', 'matrixArticle']) expect(p).not.toHaveProperty(field)
    }
  })

  it('lets Submit list the county and parish as missing until the partner sets them, then takes them as set', async () => {
    const { processUniqueId } = await draftProcess(s)
    const fields = async () => (await s.call('POST', processPath(processUniqueId, '/submit'))).json.errors.map((e: { errorField: string }) => e.errorField)
    expect(await fields()).toEqual(expect.arrayContaining(['property.countyId', 'property.parishId']))
    const p = await propertyOf(processUniqueId)
    expect((await update(processUniqueId, p.propertyUniqueId, { countyId: 1106, parishId: 110666, zipCode: '1250-068', zipCodeLocal: 'Lisboa' })).status).toBe(200)
    expect(await fields()).not.toEqual(expect.arrayContaining(['property.countyId']))
    expect(await propertyOf(processUniqueId)).toMatchObject({ districtId: 11, countyId: 1106, parishId: 110666 })
  })

  it('answers the same property in Process Detail', async () => {
    const { processUniqueId } = await draftProcess(s)
    expect((await s.call('GET', processPath(processUniqueId))).json.propertyProcessDetail).toEqual(await propertyOf(processUniqueId))
  })
})

describe('Property Update', () => {
  it('merges the fields given, keeps the others and evaluates the loan again', async () => {
    const { processUniqueId } = await draftProcess(s)
    const before = await propertyOf(processUniqueId)
    const body = {
      districtId: 11,
      countyId: 1106,
      parishId: 110666,
      address: 'Rua Castilho',
      zipCode: '1250-068',
      zipCodeLocal: 'Lisboa',
      usefulArea: 95,
      energyCertificateClass: 'A',
      sustainabilityCampaign: true,
      evaluationEstimatedAmount: 240000,
    }
    const res = await update(processUniqueId, before.propertyUniqueId, body)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' } })
    const after = await propertyOf(processUniqueId, 'en')
    expect(after).toEqual({
      ...before,
      ...body,
      typologyDescription: s.services.taxonomy.describe('property-typologies', before.typologyId, 'en'),
      districtDescription: 'Lisbon',
      countyDescription: 'Lisbon',
      parishDescription: 'Santo António',
    })
    const loan = (await s.call('GET', processPath(processUniqueId))).json.loanProcessDetail
    expect(loan.loanToValue).toBeCloseTo((200000 / 240000) * 100, 2)
  })

  it('clears a field sent as null', async () => {
    const { processUniqueId } = await draftProcess(s)
    const p = await propertyOf(processUniqueId)
    expect((await update(processUniqueId, p.propertyUniqueId, { grossBuiltArea: null })).status).toBe(200)
    expect(await propertyOf(processUniqueId)).not.toHaveProperty('grossBuiltArea')
  })

  it.each<[string, unknown, string, string]>([
    ['a county of another district', { districtId: 13, countyId: 1106 }, '010107', 'countyId'],
    ['a parish of another county', { districtId: 11, countyId: 1106, parishId: 10103 }, '010107', 'parishId'],
    ['a parish without its county', { countyId: null, parishId: 110666 }, '010101', 'countyId'],
    ['an unknown district', { districtId: 99 }, '010106', 'districtId'],
    ['an unknown parish', { parishId: 999999 }, '010106', 'parishId'],
    ['an unknown typology', { typologyId: 99 }, '010106', 'typologyId'],
    ['a malformed postal code', { zipCode: '1250' }, '010103', 'zipCode'],
    ['a construction year in the future', { constructionYear: 2099 }, '010104', 'constructionYear'],
    ['the sustainability campaign with energy class C', { sustainabilityCampaign: true, energyCertificateClass: 'C' }, '010107', 'sustainabilityCampaign'],
    ['an unknown energy class', { energyCertificateClass: 'Z' }, '010105', 'energyCertificateClass'],
    ['a negative area', { grossBuiltArea: -3 }, '010104', 'grossBuiltArea'],
    ['works values for a purchase', { worksCost: 20000 }, '010108', 'worksCost'],
    ['no evaluation amount for a purchase', { evaluationEstimatedAmount: null }, '010101', 'evaluationEstimatedAmount'],
    ['an unknown field', { districtID: 11 }, '010108', 'districtID'],
    ['a body that is not an object', [], '010101', 'body'],
  ])('refuses %s (400)', async (_, body, code, field) => {
    const { processUniqueId } = await draftProcess(s)
    const p = await propertyOf(processUniqueId)
    const res = await update(processUniqueId, p.propertyUniqueId, body)
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toContainEqual([code, field])
  })

  it('refuses changes once the process is submitted (400, 010301)', async () => {
    const { processUniqueId } = await draftProcess(s)
    const p = await propertyOf(processUniqueId)
    s.services.processes.changeStatus(1001, processUniqueId, 2, 'sandbox')
    const res = await update(processUniqueId, p.propertyUniqueId, { address: 'Rua Castilho' })
    expect(errorsOf(res)).toEqual([['010301', 'processUniqueId']])
  })

  it('answers 404 for the property of another process', async () => {
    const { processUniqueId } = await draftProcess(s)
    const other = await draftProcess(s)
    const res = await update(processUniqueId, (await propertyOf(other.processUniqueId)).propertyUniqueId, { address: 'x' })
    expect(res.status).toBe(404)
    expect(errorsOf(res)).toEqual([['010401', 'propertyUniqueId']])
  })

  it('refuses a body that is not JSON with 415 naming the Content-Type, and changes nothing', async () => {
    const { processUniqueId } = await draftProcess(s)
    const before = await propertyOf(processUniqueId)
    const res = await s.call('PUT', processPath(processUniqueId, `/property/${before.propertyUniqueId}`), {
      body: JSON.stringify({ address: 'Rua Castilho' }),
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(res.status).toBe(415)
    expect(errorsOf(res)).toEqual([['010602', 'Content-Type']])
    expect(await propertyOf(processUniqueId)).toEqual(before)
  })
})
