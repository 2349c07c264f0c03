import { describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox } from '../../support/test-app.ts'
import { extractPdfText } from '../../esis-pdf/pdf-text.ts'
import { completeCoBorrower, completeKeyBorrower, JPEG, PDF, PNG, upload } from './process-fixtures.ts'

/** A broker's whole day with one client, through the HTTP API only. */
describe('the process journey', () => {
  it('goes from an eligible simulation to a submitted process and its ESIS', async () => {
    const s = await createTestSandbox()
    const ok = <R extends { status: number; text: string }>(res: R, status = 200): R => {
      expect(res.status, res.text).toBe(status)
      return res
    }

    // 1. An eligible simulation.
    const simulation = ok(await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE }), 201).json.additionalData
    expect(simulation.elegibility).toBe(true)

    // 2. The process, from the simulation.
    const created = ok(await s.call('POST', '/v1/processes', { body: { simulationUniqueId: simulation.simulationUniqueID } }), 201).json.additionalData
    const p = `/v1/processes/${created.processUniqueID}`
    expect((await s.call('GET', `/v1/simulations/${simulation.simulationUniqueID}`)).json.simulationDetail).toMatchObject({
      simulationStatusId: 3,
      processUniqueId: created.processUniqueID,
      processNumber: created.processNumber,
    })

    // 3. Submitting now names everything missing.
    const early = ok(await s.call('POST', `${p}/submit`), 400).json.errors
    expect(early.length).toBeGreaterThan(20)

    // 4. The borrowers completed.
    const [key, co] = ok(await s.call('GET', `${p}/borrower`)).json.borrowerList.map((b: { borrowerUniqueID: string }) => b.borrowerUniqueID)
    ok(await s.call('PUT', `${p}/borrower/${key}`, { body: completeKeyBorrower(s) }))
    ok(await s.call('PUT', `${p}/borrower/${co}`, { body: completeCoBorrower(s) }))
    expect(ok(await s.call('GET', `${p}/borrower/${co}`)).json).toMatchObject({ keyBorrowerRelationID: 1, borrowerPersonalData: { socialSecurityNumber: '11234567892' } })

    // 5. The documents uploaded: each borrower's identification, IRS and credit map; the property's two.
    for (const borrowerUniqueId of [key, co]) {
      ok(await upload(s, `${p}/document`, { file: { bytes: PDF, name: 'cartao-cidadao.pdf' }, documentTypeId: 1, borrowerUniqueId }), 201)
      ok(await upload(s, `${p}/document`, { file: { bytes: PDF, name: 'irs-2025.pdf' }, documentTypeId: 5, borrowerUniqueId }), 201)
      ok(await upload(s, `${p}/document`, { file: { bytes: PNG, name: 'mapa-crc.png' }, documentTypeId: 14, borrowerUniqueId }), 201)
    }
    ok(await upload(s, `${p}/document`, { file: { bytes: JPEG, name: 'caderneta.jpg' }, documentTypeId: 21 }), 201)
    ok(await upload(s, `${p}/document`, { file: { bytes: PDF, name: 'certidao-predial.pdf' }, documentTypeId: 22, description: 'Código de acesso PP-1234-5678-9012' }), 201)
    expect(ok(await s.call('GET', `${p}/document`)).json.documentList).toHaveLength(8)

    // 6. The property updated: its real location and registry data.
    const property = ok(await s.call('GET', `${p}/property`)).json.propertyList[0]
    ok(
      await s.call('PUT', `${p}/property/${property.propertyUniqueId}`, {
        body: {
          districtId: 11,
          countyId: 1106,
          parishId: 110666,
          address: 'Rua Castilho',
          doorNumber: '39',
          floor: '2.º Dto.',
          zipCode: '1250-068',
          zipCodeLocal: 'Lisboa',
          matrixArticle: 'U-2345',
          landRegistryNumber: '1234/20040312',
          constructionYear: 2004,
        },
      }),
    )

    // 7. A message to the bank.
    ok(await s.call('POST', `${p}/message`, { body: { messageText: 'Processo completo, aguardamos a vossa análise.' } }), 201)

    // 8. Submit accepted.
    const submitted = ok(await s.call('POST', `${p}/submit`)).json.additionalData
    expect(submitted).toMatchObject({ processStatusId: 2, processStatusDescription: 'Submetido' })
    const detail = ok(await s.call('GET', p)).json
    expect(detail.processDetail).toMatchObject({ processStatusId: 2, elegibility: true })
    expect(detail.statusHistory.map((h: { processStatusId: number }) => h.processStatusId)).toEqual([1, 2])
    expect(detail.propertyProcessDetail).toMatchObject({ parishDescription: 'Santo António', countyDescription: 'Lisboa' })

    // 9. The ESIS, downloaded as a PDF with the process's figures.
    const res = await s.request(`${p}/esis`, { headers: { Authorization: `Bearer ${s.tokens.a}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const pdf = Buffer.from(await res.arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = await extractPdfText(pdf)
    expect(text.all).toContain('Ficha de Informação Normalizada Europeia')
    expect(text.all).toContain('Ana Sofia Martins')
    expect(text.info.Subject).toBe(`${(await s.call('GET', `/v1/simulations/${simulation.simulationUniqueID}`)).json.simulationDetail.simulationNumber} / ${created.processNumber}`)
  })
})
