import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { newSigningSecret, signingSecretPrefix, signWebhook } from '../../../src/modules/callbacks/webhook-signature.ts'
import { notificationId } from '../../../src/modules/callbacks/notification-id.ts'

describe('Standard Webhooks signing', () => {
  it('makes whsec_ secrets of a 32-byte key', () => {
    const secret = newSigningSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(newSigningSecret()).not.toBe(secret)
    expect(signingSecretPrefix(secret)).toBe(secret.slice(0, 10))
  })

  it('signs exactly as the standardwebhooks library does', () => {
    const secret = newSigningSecret()
    const at = new Date()
    const timestamp = Math.floor(at.getTime() / 1000)
    const body = JSON.stringify({ a: 1, text: 'ção' })
    const signature = signWebhook(secret, 'msg_1', timestamp, body)
    expect(signature).toBe(new Webhook(secret).sign('msg_1', at, body))
    expect(new Webhook(secret).verify(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature })).toEqual({
      a: 1,
      text: 'ção',
    })
  })
})

describe('notification ids', () => {
  it('are msg_ plus a 26-character ULID that sorts by time', () => {
    const first = notificationId(new Date('2026-01-15T10:00:00.000Z'))
    const later = notificationId(new Date('2026-01-15T10:00:00.001Z'))
    expect(first).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(first.slice(0, 14) < later.slice(0, 14)).toBe(true)
    expect(first.slice(4, 14)).toBe('01KF0HJ080')
  })
})
