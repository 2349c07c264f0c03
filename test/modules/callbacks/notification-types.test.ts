import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_TYPE } from '../../../src/modules/callbacks/notification-events.ts'
import { NOTIFICATION_PAYLOADS } from '../../../src/modules/callbacks/notification-payload.schemas.ts'
import { NOTIFICATION_TYPES_SEED_FILE, notificationTypesSeed } from '../../../src/modules/callbacks/notification-types-seed.ts'
import { NOTIFICATION_TYPES } from '../../../src/modules/callbacks/notification-types.schemas.ts'
import type { NotificationEvent } from '../../../src/modules/callbacks/notification-publisher.ts'
import { typedNotifications } from '../../../src/modules/callbacks/notifications.ts'
import { fromRoot } from '../../../src/platform/package-root.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

describe('the notification types, declared once', () => {
  let s: TestSandbox
  beforeAll(async () => {
    s = await createTestSandbox()
  })
  afterAll(() => s.db.close())

  it('are the seed of notification-types, byte for byte (npx tsx scripts/write-notification-types-seed.ts writes it)', () => {
    const seed = readFileSync(fromRoot('seeds', NOTIFICATION_TYPES_SEED_FILE), 'utf8')
    expect(seed, 'seeds/taxonomies/notification-types.json is stale: run npx tsx scripts/write-notification-types-seed.ts').toBe(notificationTypesSeed())
  })

  it('are the reference list partners read, in both languages, with their resource and echo flag', async () => {
    const list = async (lang: string) => (await s.call('GET', '/v1/taxonomy/notification-types?lineCount=100', { headers: { 'Accept-Language': lang } })).json.notificationTypeList
    const [pt, en] = [await list('pt-PT'), await list('en')]
    expect(pt.map((item: { id: number }) => item.id).sort((a: number, b: number) => a - b)).toEqual(NOTIFICATION_TYPES.map((t) => t.id))
    for (const type of NOTIFICATION_TYPES) {
      expect(pt.find((item: { id: number }) => item.id === type.id)).toMatchObject({
        code: type.code,
        description: type.description['pt-PT'],
        resource: type.resource,
        echo: type.echo,
      })
      expect(en.find((item: { id: number }) => item.id === type.id)).toMatchObject({ description: type.description.en })
    }
  })

  it('give the constants, one payload schema each and one publisher method each, building data in the declared order without empty fields', () => {
    expect(Object.entries(NOTIFICATION_TYPE)).toEqual(NOTIFICATION_TYPES.map((t) => [t.code, t.id]))
    expect(NOTIFICATION_PAYLOADS.map((p) => p.schema.shape.notificationType.value)).toEqual(NOTIFICATION_TYPES.map((t) => t.code))
    const published: NotificationEvent[] = []
    const notifications = typedNotifications({ publish: (event) => (published.push(event), `msg_${published.length}`) })
    const methods = NOTIFICATION_TYPES.map((t) => t.code.toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    for (const method of methods) expect(typeof (notifications as unknown as Record<string, unknown>)[method], method).toBe('function')

    const { published: watched } = notifications.watch(() =>
      notifications.processDecision({
        partnerUniqueID: PARTNER_A,
        brokerId: 1001,
        processUniqueId: '2f8e3d4c-6a7b-4c9d-8e1f-3a4b5c6d7e8f',
        rejectReasonDescription: null,
        rejectReasonId: null,
        processStatusDescription: 'Aprovado',
        processStatusId: 4,
        decision: 'APPROVED',
      }),
    )
    expect(watched).toEqual([{ notificationId: 'msg_1', notificationTypeId: 9 }])
    expect(published[0]).toMatchObject({ notificationTypeId: 9, processUniqueId: '2f8e3d4c-6a7b-4c9d-8e1f-3a4b5c6d7e8f', simulationUniqueId: undefined })
    expect(JSON.stringify(published[0]!.data)).toBe('{"decision":"APPROVED","processStatusId":4,"processStatusDescription":"Aprovado"}')
  })
})
