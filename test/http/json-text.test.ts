import { beforeAll, describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../support/test-app.ts'

let s: TestSandbox
let simulationUniqueId: string
beforeAll(async () => {
  s = await createTestSandbox()
  simulationUniqueId = (await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE })).json.additionalData.simulationUniqueID
})

const withName = (keyBorrowerName: string) => ({ ...SIMULATION_INPUT_EXAMPLE, borrowersSimulator: { ...SIMULATION_INPUT_EXAMPLE.borrowersSimulator, keyBorrowerName } })

describe('text fields', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['an escape', 'Ana\u001b[31m'],
    ['a line break in a name', 'Ana\nSofia'],
    ['a DEL-free C0 like a form feed', 'Ana\fSofia'],
  ])('refuses %s with 400 (010105) naming the field, and stores nothing', async (_, name) => {
    const before = (await s.call('GET', '/v1/simulations')).json
    const res = await s.call('POST', '/v1/simulations', { body: withName(name), headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([
      {
        errorCode: '010105',
        errorField: 'borrowersSimulator.keyBorrowerName',
        errorMessage: 'The value of field borrowersSimulator.keyBorrowerName holds control characters (only tab, and line breaks in free text, are accepted).',
      },
    ])
    expect((await s.call('GET', '/v1/simulations')).json).toEqual(before)
  })

  it('accepts a tab in a name and line breaks in free text', async () => {
    expect((await s.call('POST', '/v1/simulations', { body: withName('Ana\tSofia Martins') })).status).toBe(201)
    const message = await s.call('POST', `/v1/simulations/${simulationUniqueId}/message`, { body: { messageText: 'Bom dia,\r\nsegue a proposta.\n\nObrigado' } })
    expect(message.status, message.text).toBeLessThan(300)
  })

  it('names every field that holds one, however deep', async () => {
    const res = await s.call('POST', '/sandbox/signup', { token: null, body: { partnerName: 'Casa\u0007Nova', contactEmail: 'dev@casa.example' } })
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e: { errorField: string }) => e.errorField)).toEqual(['partnerName'])
  })
})

describe('JSON bodies', () => {
  it.each([['application/json; charset=utf-16'], ['application/json;charset=ISO-8859-1'], ['application/vnd.partner+json; charset=latin1']])(
    'refuses %s with 415 naming Content-Type',
    async (contentType) => {
      const res = await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, headers: { 'Content-Type': contentType } })
      expect(res.status).toBe(415)
      expect(res.json.errors[0]).toMatchObject({ errorCode: '010602', errorField: 'Content-Type' })
    },
  )

  it.each([['application/json'], ['application/json; charset=utf-8'], ['application/json; charset="UTF-8"'], ['application/vnd.partner+json']])(
    'accepts %s',
    async (contentType) => {
      const res = await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, headers: { 'Content-Type': contentType } })
      expect(res.status).toBe(201)
    },
  )
})

describe('the structure of JSON bodies', () => {
  const objects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
  // With an escaped control character, so the control-character guard would walk it too.
  const arraysWithControl = (levels: number) => '['.repeat(levels) + '"\\u0001"' + ']'.repeat(levels)
  const manyKeys = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`

  // As deep as each route's body limit lets a bomb be.
  it.each([
    ['Simulation Create', 90_000, 'POST', '/v1/simulations'],
    ['Simulation Validate', 90_000, 'POST', '/v1/simulations/validate'],
    ['a cancel (a DELETE with a body)', 10_000, 'DELETE', () => `/v1/simulations/${simulationUniqueId}`],
    ['a login (validated by its route)', 1_300, 'POST', '/v1/authentication'],
  ] as const)('answers %s nested %i levels deep with 400 naming the body, never a 500', async (_, levels, method, path) => {
    for (const body of [objects(levels), arraysWithControl(levels)]) {
      const res = await s.call(method, typeof path === 'string' ? path : path(), { body, headers: { 'Accept-Language': 'en' } })
      expect(res.status).toBe(400)
      expect(res.json.errors).toEqual([{ errorCode: '010112', errorField: 'body', errorMessage: 'The JSON body nests objects and arrays more than 32 levels deep.' }])
    }
  })
  it('answers 60,000 unknown fields (under 1 MB) with one 400 naming the body, not an error per field', async () => {
    expect(manyKeys.length).toBeLessThan(1024 * 1024)
    const res = await s.call('POST', '/v1/simulations/validate', { body: manyKeys })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([
      {
        errorCode: '010113',
        errorField: 'body',
        errorMessage: 'O corpo JSON tem mais de 5000 valores (membros de objetos e elementos de listas, contados em conjunto).',
      },
    ])
    expect(res.text.length).toBeLessThan(1024)
  })

  it('still validates a body within the limits field by field', async () => {
    const res = await s.call('POST', '/v1/simulations', { body: { ...SIMULATION_INPUT_EXAMPLE, extra: { list: [[[[1]]]] } } })
    expect(res.status).toBe(400)
    expect(res.json.errors.map((e: { errorField: string }) => e.errorField)).toEqual(['extra'])
  })
})
