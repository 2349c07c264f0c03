import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { authorized, CALLBACK_URL, clientFor, failure, IDS, jsonContentType, newPact, success } from './pact-support.ts'

const { eachLike, integer, regex, string } = MatchersV3
const pact = newPact()
const jsonRequest = { ...authorized, 'Content-Type': 'application/json' }
const registered = (partnerUniqueID: string, notificationType: number) => ({ partnerUniqueID, notificationType, callbackUrl: CALLBACK_URL })

describe('Partner callbacks', () => {
  it('registers the address of its simulation status notifications and gets a signing secret', async () => {
    pact
      .given('a partner exists', { partnerUniqueID: IDS.partner })
      .uponReceiving('a request to register a callback address for simulation status changes')
      .withRequest({ method: 'PUT', path: `/${IDS.partner}/callbacks/6`, headers: jsonRequest, body: { callbackUrl: CALLBACK_URL } })
      .willRespondWith({
        status: 201,
        headers: jsonContentType,
        body: success({ notificationType: 6, callbackUrl: CALLBACK_URL, signingSecret: regex(/^whsec_\S+$/, 'whsec_c2FuZGJveC1zZWNyZXQ=') }),
      })
    await pact.executeTest(async (server) => {
      const { additionalData } = await clientFor(server).callbacks.update(IDS.partner, 6, CALLBACK_URL)
      expect(additionalData?.signingSecret).toMatch(/^whsec_/)
    })
  })

  it('registers a callback as a partner the sandbox did not know before', async () => {
    pact
      .given('a partner exists', { partnerUniqueID: IDS.otherPartner })
      .uponReceiving('a request to register a callback address for a new partner')
      .withRequest({ method: 'PUT', path: `/${IDS.otherPartner}/callbacks/5`, headers: jsonRequest, body: { callbackUrl: CALLBACK_URL } })
      .willRespondWith({
        status: 201,
        headers: jsonContentType,
        body: success({ notificationType: 5, callbackUrl: CALLBACK_URL, signingSecret: regex(/^whsec_\S+$/, 'whsec_c2FuZGJveC1zZWNyZXQ=') }),
      })
    await pact.executeTest(async (server) => {
      await clientFor(server).callbacks.update(IDS.otherPartner, 5, CALLBACK_URL)
    })
  })

  it('lists its callback configurations', async () => {
    pact
      .given('a callback is registered', registered(IDS.partner, 6))
      .uponReceiving('a request for the callback configurations of the partner')
      .withRequest({ method: 'GET', path: `/${IDS.partner}/callbacks`, headers: authorized })
      .willRespondWith({
        status: 200,
        headers: jsonContentType,
        body: {
          callbackList: eachLike({
            notificationType: integer(6),
            notificationTypeDescription: string('Alteração do estado da simulação'),
            callbackUrl: CALLBACK_URL,
            status: 'active',
          }),
        },
      })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).callbacks.list(IDS.partner)).callbackList[0]?.callbackUrl).toBe(CALLBACK_URL)
    })
  })

  it('removes a callback configuration', async () => {
    pact
      .given('a callback is registered', registered(IDS.partner, 6))
      .uponReceiving('a request to remove a callback configuration')
      .withRequest({ method: 'DELETE', path: `/${IDS.partner}/callbacks/6`, headers: authorized })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success() })
    await pact.executeTest(async (server) => {
      await clientFor(server).callbacks.remove(IDS.partner, 6)
    })
  })

  it('gets a 404 when it removes a configuration that does not exist', async () => {
    pact
      .given('a partner exists', { partnerUniqueID: IDS.partner })
      .uponReceiving('a request to remove a callback configuration that does not exist')
      .withRequest({ method: 'DELETE', path: `/${IDS.partner}/callbacks/7`, headers: authorized })
      .willRespondWith({ status: 404, headers: jsonContentType, body: failure('010404', 'notificationType') })
    await pact.executeTest(async (server) => {
      await expect(clientFor(server).callbacks.remove(IDS.partner, 7)).rejects.toMatchObject({ status: 404 })
    })
  })

  it('asks for a test notification about one of its simulations (echo)', async () => {
    pact
      .given('a callback is registered', registered(IDS.partner, 6))
      .given('a simulation exists', { simulationUniqueId: IDS.simulation })
      .uponReceiving('a request to echo a simulation status notification')
      .withRequest({ method: 'POST', path: `/v1/callbacks/echo/${IDS.partner}/6`, headers: jsonRequest, body: { simulationUniqueId: IDS.simulation } })
      .willRespondWith({ status: 200, headers: jsonContentType, body: success({ notificationId: regex(/^msg_\w+$/, 'msg_01M81HZRET7898FRR5EQPYGZ5Z') }) })
    await pact.executeTest(async (server) => {
      expect((await clientFor(server).callbacks.echo(IDS.partner, 6, { simulationUniqueId: IDS.simulation })).additionalData?.notificationId).toMatch(/^msg_/)
    })
  })
})
