import { describe, expect, it } from 'vitest'
import { ApiError, renderError } from '../../../src/common/api-error.ts'
import { createListenerHub, type ListenerIdentity } from '../../../src/modules/callbacks/listen/listener-hub.ts'

const PARTNER = 'partner-of-the-slots'
/** An administrator's listener takes every broker's notifications (brokerId null); a broker user's, its broker's. */
const admin = (userId: number): ListenerIdentity => ({ partnerUniqueID: PARTNER, userId, brokerId: null, types: null, forwardTo: null })
const brokerUser = (userId: number, brokerId = 1001): ListenerIdentity => ({ partnerUniqueID: PARTNER, userId, brokerId, types: null, forwardTo: null })

/** The refusal of a registration, as the API answers it: code, field, message. */
function refusal(register: () => unknown): { code: string; field: string; message: string } {
  try {
    register()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const rendered = renderError(error, 'en').errors[0]!
    return { code: rendered.errorCode, field: rendered.errorField, message: rendered.errorMessage }
  }
  throw new Error('registered')
}

describe("a partner's listener slots", () => {
  it("refuses a user its fourth listener (409 naming listenersPerUser), and takes another user's", () => {
    const hub = createListenerHub({ limit: 10 })
    for (let i = 0; i < 3; i++) hub.register(brokerUser(5001))
    expect(refusal(() => hub.register(brokerUser(5001)))).toEqual({ code: '010605', field: 'listenersPerUser', message: 'Quota reached: listenersPerUser (at most 3).' })
    hub.register(brokerUser(5002))
    expect(hub.count(PARTNER)).toBe(4)
  })

  it('keeps the last free slot for an administrator: broker users fill all but one, and an administrator still listens', () => {
    const hub = createListenerHub({ limit: 10 })
    // Three broker users, three listeners each: 9 of 10.
    for (const userId of [5001, 5002, 5003]) for (let i = 0; i < 3; i++) hub.register(brokerUser(userId))
    const refused = refusal(() => hub.register(brokerUser(5004, 1002)))
    expect(refused).toMatchObject({ code: '010605', field: 'listeners' })
    expect(refused.message).toMatch(/kept for an administrator/)
    const adminListener = hub.register(admin(5000))
    expect(hub.count(PARTNER)).toBe(10)
    // Full: an administrator is refused too, by the partner's quota.
    expect(refusal(() => hub.register(admin(5009)))).toEqual({ code: '010605', field: 'listeners', message: 'Quota reached: listeners (at most 10).' })
    // A slot freed by the administrator is again the last one: still an administrator's.
    adminListener.detach()
    expect(refusal(() => hub.register(brokerUser(5004, 1002))).message).toMatch(/kept for an administrator/)
    hub.register(admin(5009))
  })

  it("frees a user's slot when its listener goes", () => {
    const hub = createListenerHub({ limit: 10 })
    const first = hub.register(brokerUser(5001))
    hub.register(brokerUser(5001))
    hub.register(brokerUser(5001))
    first.detach()
    hub.register(brokerUser(5001))
    expect(hub.count(PARTNER)).toBe(3)
  })

  it("counts each partner apart, and bounds nothing when the partner's listeners are not bounded", () => {
    const hub = createListenerHub({ limit: 2 })
    hub.register(brokerUser(5001))
    expect(refusal(() => hub.register(brokerUser(5002))).message).toMatch(/kept for an administrator/)
    hub.register({ ...brokerUser(6001), partnerUniqueID: 'another-partner' })
    const unbounded = createListenerHub({ limit: null })
    for (let i = 0; i < 12; i++) unbounded.register(brokerUser(5001))
    expect(unbounded.count(PARTNER)).toBe(12)
  })
})
