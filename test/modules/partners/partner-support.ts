import { expect } from 'vitest'
import type { TestSandbox } from '../../support/test-app.ts'

export const OPERATOR_TOKEN = 'operator-token-of-the-tests-0123456789abcdef'

/** A partner signed up through POST /sandbox/signup, logged in as its first user. */
export async function signUp(s: TestSandbox, partnerName: string, extra: Record<string, unknown> = {}) {
  const res = await s.call('POST', '/sandbox/signup', {
    token: null,
    body: { partnerName, contactEmail: `dev@${partnerName.toLowerCase().replace(/\W+/g, '-')}.example`, ...extra },
  })
  expect(res.status, res.text).toBe(201)
  const credentials = res.json as { partnerUniqueID: string; brokerId: number; userId: number; username: string; password: string }
  return { ...credentials, token: await s.login(credentials.username, credentials.password) }
}

export type SignedUp = Awaited<ReturnType<typeof signUp>>

/** A call of the operator API with the operator token (or another). */
export const asOperator = (s: TestSandbox, method: string, path: string, options: { body?: unknown; token?: string | null } = {}) =>
  s.call(method, path, {
    ...(options.body === undefined ? {} : { body: options.body }),
    token: null,
    headers: options.token === null ? {} : { Authorization: `Bearer ${options.token ?? OPERATOR_TOKEN}` },
  })

export const errorOf = (res: { json: { errors: Array<{ errorCode: string; errorField: string }> } }) => res.json.errors.map((e) => [e.errorCode, e.errorField])
