import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../support/test-app.ts'

/** A browser's localStorage, recording every write. */
function recordingStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial))
  const writes: string[] = []
  return {
    items,
    writes,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => (writes.push(key), items.set(key, String(value))),
      removeItem: (key: string) => void items.delete(key),
    },
  }
}

describe('the /docs page', () => {
  it("keeps a token pasted into Authorize out of the browser's storage, and clears one an earlier page stored", async () => {
    const { call } = await createTestSandbox()
    const page = await call('GET', '/docs', { token: null })
    expect(page.status).toBe(200)
    // Every script of the page is a file of its own: the one that configures Swagger UI is this.
    expect(page.text).toContain('<script src="/docs/assets/sandbox-docs.js"></script>')
    expect(page.text).not.toMatch(/<script>|<script [^>]*>[^<]/)
    const script = await call('GET', '/docs/assets/sandbox-docs.js', { token: null })
    expect(script.status).toBe(200)

    let config: Record<string, unknown> | undefined
    const local = recordingStorage({ authorized: JSON.stringify({ bearerAuth: { value: 'eyJ.stored.token' } }) })
    const session = recordingStorage({})
    const window: Record<string, unknown> = {}
    runInNewContext(script.text, {
      window,
      location: { search: '', href: 'http://localhost/docs' },
      URL,
      URLSearchParams,
      localStorage: local.storage,
      sessionStorage: session.storage,
      SwaggerUIBundle: (options: Record<string, unknown>) => ((config = options), {}),
    })

    expect(config).toMatchObject({ url: '/openapi.json', persistAuthorization: false })
    expect(local.items.has('authorized')).toBe(false)
    expect([...local.writes, ...session.writes]).toEqual([])
    expect(script.text).not.toMatch(/sessionStorage|document\.cookie|setItem/)
  })
})
