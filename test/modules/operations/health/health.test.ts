import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../../support/test-app.ts'

describe('health and version', () => {
  it('health answers the plain string Healthy while the database answers', async () => {
    const { call } = await createTestSandbox()
    const res = await call('GET', '/v1/health', { token: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(res.text).toBe('Healthy')
  })

  it('health answers 503 naming the database when it fails', async () => {
    const { call, db } = await createTestSandbox()
    db.close()
    const res = await call('GET', '/v1/health', { token: null })
    expect(res.status).toBe(503)
    expect(res.text).toMatch(/^Unhealthy: database unavailable/)
    expect(res.headers.get('retry-after')).toBe('5')
  })

  it('version answers the package version as a plain string', async () => {
    const { call } = await createTestSandbox()
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
    const res = await call('GET', '/v1/health/version', { token: null })
    expect(res.status).toBe(200)
    expect(res.text).toBe(version)
  })
})
