import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { eventOf } from '../../../src/modules/callbacks/notification-events.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

let sandbox: TestSandbox
beforeEach(async () => {
  sandbox = await createTestSandbox()
})

const event = (processUniqueId = randomUUID()) =>
  eventOf('PROCESS_STATUS_CHANGED', {
    partnerUniqueID: PARTNER_A,
    brokerId: 1001,
    processUniqueId,
    processStatusId: 2,
    processStatusDescription: 'Submetido',
    previousProcessStatusId: 1,
  })

const row = (id: string) =>
  sandbox.db.prepare('SELECT status, status_reason AS reason, next_attempt_at AS next, body FROM notification WHERE notification_id = ?').get(id) as {
    status: string
    reason: string | null
    next: string | null
    body: string
  }

describe('the outbox publisher', () => {
  it('writes a pending notification, due now, when the type has a configuration', async () => {
    await sandbox.call('PUT', `/${PARTNER_A}/callbacks/5`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })
    const process = randomUUID()
    const id = sandbox.db.transaction(() => sandbox.services.callbacks.publisher.publish(event(process)))()
    const stored = row(id)
    expect(stored).toMatchObject({ status: 'pending', reason: null, next: sandbox.clock.now().toISOString() })
    expect(JSON.parse(stored.body)).toEqual({
      notificationId: id,
      notificationTypeId: 5,
      notificationType: 'PROCESS_STATUS_CHANGED',
      partnerUniqueID: PARTNER_A,
      processUniqueId: process,
      occurredAt: sandbox.clock.now().toISOString(),
      data: { processStatusId: 2, processStatusDescription: 'Submetido', previousProcessStatusId: 1 },
      test: false,
    })
  })

  it('writes a skipped notification when the type has no configuration', () => {
    const id = sandbox.services.callbacks.publisher.publish(event())
    expect(row(id)).toMatchObject({ status: 'skipped', reason: 'no callback configuration for this notification type', next: null })
  })

  it('is part of the caller transaction: a rollback leaves nothing', () => {
    let id = ''
    expect(() =>
      sandbox.db.transaction(() => {
        id = sandbox.services.callbacks.publisher.publish(event())
        throw new Error('rolled back')
      })(),
    ).toThrow()
    expect(sandbox.db.prepare('SELECT 1 FROM notification WHERE notification_id = ?').get(id)).toBeUndefined()
  })

  it('refuses events that name both resources, neither, or an unknown type (bugs of the caller)', () => {
    const { publish } = sandbox.services.callbacks.publisher
    expect(() => publish({ ...event(), simulationUniqueId: randomUUID() })).toThrow(/exactly one/)
    expect(() => publish({ partnerUniqueID: PARTNER_A, brokerId: 1001, notificationTypeId: 5, data: {} })).toThrow(/exactly one/)
    expect(() => publish({ ...event(), notificationTypeId: 99 })).toThrow(/unknown notification type/)
  })
})
