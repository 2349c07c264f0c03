import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { createPartnerClient } from './partner-client.ts'
import { authorized, clientFor, IDS, jsonContentType, newPact } from './pact-support.ts'

const { boolean, eachLike, integer, regex, string, uuid } = MatchersV3
const pact = newPact()

describe('Authentication, health and reference lists', () => {
  it('authenticates a broker user and gets a bearer token naming its partner, broker and user', async () => {
    pact
      .uponReceiving('a request to authenticate with valid credentials')
      .withRequest({ method: 'POST', path: '/v1/authentication', headers: { 'Content-Type': 'application/json' }, body: { username: 'broker-a', password: 'sandbox' } })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          accessToken: regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI1MDAxIn0.c2lnbmF0dXJl'),
          tokenType: 'Bearer',
          expiresIn: integer(3600),
          partnerUniqueID: uuid(IDS.partner),
          brokerId: integer(1001),
          userId: integer(5001),
        },
      })
    await pact.executeTest(async (server) => {
      const session = await createPartnerClient({ baseUrl: server.url }).authenticate('broker-a', 'sandbox')
      expect(session.tokenType).toBe('Bearer')
      expect(session.partnerUniqueID).toBe(IDS.partner)
    })
  })

  it('reads the health of the service as plain text', async () => {
    pact
      .uponReceiving('a request for the health of the service')
      .withRequest({ method: 'GET', path: '/v1/health', headers: { Accept: 'text/plain' } })
      .willRespondWith({ status: 200, headers: { 'Content-Type': regex(/^text\/plain.*$/, 'text/plain; charset=UTF-8') }, body: 'Healthy' })
    await pact.executeTest(async (server) => {
      expect(await createPartnerClient({ baseUrl: server.url }).health()).toBe('Healthy')
    })
  })

  it('reads the version of the service as plain text', async () => {
    pact
      .uponReceiving('a request for the version of the service')
      .withRequest({ method: 'GET', path: '/v1/health/version', headers: { Accept: 'text/plain' } })
      .willRespondWith({ status: 200, headers: { 'Content-Type': regex(/^text\/plain.*$/, 'text/plain; charset=UTF-8') } })
    await pact.executeTest(async (server) => {
      await createPartnerClient({ baseUrl: server.url }).version()
    })
  })

  it('lists the loan purposes, with their ids and codes', async () => {
    pact
      .uponReceiving('a request for the loan purposes reference list')
      .withRequest({ method: 'GET', path: '/v1/taxonomy/loan-purposes', headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: eachLike({ id: integer(1), code: string('ACQUISITION'), description: string('Aquisição') }) })
    await pact.executeTest(async (server) => {
      const purposes = await clientFor(server).taxonomy('loan-purposes')
      expect(purposes[0]).toMatchObject({ id: 1, description: 'Aquisição' })
    })
  })

  it('lists the genders in English', async () => {
    pact
      .uponReceiving('a request for the genders reference list in English')
      .withRequest({ method: 'GET', path: '/v1/taxonomy/genders', headers: { ...authorized, 'Accept-Language': 'en' } })
      .willRespondWith({ status: 200, headers: jsonContentType, body: eachLike({ id: integer(1), description: string('Male') }) })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server, 'en').taxonomy('genders'))[0]?.description).toBe('Male')
    })
  })

  it('lists the counties of a district', async () => {
    pact
      .uponReceiving('a request for the counties of the district of Lisbon')
      .withRequest({ method: 'GET', path: '/v1/taxonomy/districts-with-counties', query: { districtId: '11' }, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: eachLike({ id: 11, description: string('Lisboa'), counties: eachLike({ id: integer(1106), description: string('Lisboa'), districtId: 11 }) }),
      })
    await pact.executeTest(async (server) => {
      const [lisbon] = await clientFor(server).taxonomy('districts-with-counties', { districtId: 11 })
      expect(lisbon?.id).toBe(11)
    })
  })

  it('pages through the notification types', async () => {
    pact
      .uponReceiving('a request for the first page of notification types')
      .withRequest({ method: 'GET', path: '/v1/taxonomy/notification-types', query: { lineCount: '5' }, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          totalRecords: integer(12),
          hasMoreResults: boolean(true),
          notificationTypeList: eachLike({ id: integer(5), description: string('Alteração do estado do processo') }),
        },
      })
    await pact.executeTest(async (server) => {
      const page = await clientFor(server).notificationTypes({ lineCount: 5 })
      expect(page.notificationTypeList.length).toBeGreaterThan(0)
    })
  })
})
