import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startupBanner } from '../../src/app/startup-banner.ts'
import { createTestSandbox, type TestSandbox } from '../support/test-app.ts'

/** The demo identities, by username or as the demo password written after one. */
const DEMO = /broker-a2?\b|broker-b\b|"password":\s*"sandbox"|\/ sandbox\b/

/** Every place a partner reads how to log in, as the running sandbox serves it. */
async function wayInTexts(sandbox: TestSandbox): Promise<Record<string, string>> {
  const texts: Record<string, string> = {}
  for (const path of ['/docs', '/openapi.json', '/openapi.json?scenarios=true', '/openapi/sandbox.json', '/postman.json', '/postman/sandbox.json']) {
    const res = await sandbox.request(path)
    expect(res.status, path).toBe(200)
    texts[path] = await res.text()
  }
  texts.banner = startupBanner({ url: 'https://sandbox.bank.example', version: '1.0.0', config: sandbox.config, startupMs: 1 })
  return texts
}

describe('the way in, where the demo identities are off (hosted)', () => {
  let hosted: TestSandbox
  beforeAll(async () => {
    hosted = await createTestSandbox({ mode: 'hosted', demoIdentities: false, signup: 'invite' })
  })
  afterAll(() => hosted.db.close())

  it('names sign-up and never a demo identity in /docs, both OpenAPI documents, both Postman collections and the startup lines', async () => {
    for (const [where, text] of Object.entries(await wayInTexts(hosted))) {
      expect(text, where).not.toMatch(DEMO)
      expect(text, where).toContain('/sandbox/signup')
    }
  })

  it("documents Authenticate with sign-up's credentials and an example that is no demo identity", async () => {
    const document = (await (await hosted.request('/openapi.json')).json()) as any
    const operation = document.paths['/v1/authentication'].post
    expect(operation.description).toContain('`POST /sandbox/signup` answers (sign-up takes an invitation code')
    expect(document.components.schemas.AuthenticateRequest.example.username).toBe('casa-nova-credito-lda-7k3f')
    expect(document.info.description).toContain('invitation code')
  })

  it('serves Postman collections that leave username and password for the partner to fill in', async () => {
    for (const path of ['/postman.json', '/postman/sandbox.json']) {
      const collection = (await (await hosted.request(path)).json()) as any
      const value = (key: string) => collection.variable.find((v: any) => v.key === key).value
      expect([value('username'), value('password')], path).toEqual(['', ''])
      expect(collection.info.description, path).toContain('`POST /sandbox/signup` answers')
    }
  })

  it('refuses a demo login with 401 010505 saying the demo identities are off and how to get credentials, in either language', async () => {
    const login = (language: string) =>
      hosted.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a', password: 'sandbox' }, headers: { 'Accept-Language': language } })
    const en = await login('en')
    expect(en.status).toBe(401)
    expect(en.json.errors).toEqual([
      {
        errorCode: '010505',
        errorField: 'username',
        errorMessage:
          "The demo identities (broker-a and the others) are off on this sandbox: sign up with POST /sandbox/signup and an invitation code from the sandbox's operator, then log in with the username and password it answers.",
      },
    ])
    expect(en.text).not.toMatch(/suspend/i)
    const pt = await login('pt-PT')
    expect(pt.json.errors[0].errorMessage).toContain('estão desativadas neste sandbox: registe o parceiro com POST /sandbox/signup e um código de convite')
  })
})

describe('the way in, where the demo identities are on (local)', () => {
  let local: TestSandbox
  beforeAll(async () => {
    local = await createTestSandbox()
  })
  afterAll(() => local.db.close())

  it('shows the demo identities everywhere a partner reads how to log in', async () => {
    for (const [where, text] of Object.entries(await wayInTexts(local))) expect(text, where).toMatch(/broker-a/)
  })

  it('links /docs to the console', async () => {
    expect(await (await local.request('/docs')).text()).toContain('<a href="/console">')
  })

  it("has /docs's Try it out send no example of an optional parameter, while the published document keeps them", async () => {
    const served = await (await local.request('/openapi.json')).text()
    const parameters = (document: any) => Object.values(document.paths).flatMap((item: any) => Object.values(item).flatMap((operation: any) => operation.parameters ?? []))
    const exampleOf = (p: any) => p.example ?? p.schema?.example
    const optionalWithExample = parameters(JSON.parse(served)).filter((p: any) => !p.required && exampleOf(p) !== undefined)
    expect(optionalWithExample.map((p: any) => p.name)).toEqual(expect.arrayContaining(['filterByText', 'filterSimulationStatus']))
    // The page's own script, run as the browser runs it, with Swagger UI standing by to take its options.
    const script = await (await local.request('/docs/assets/sandbox-docs.js')).text()
    let options: any
    new Function('SwaggerUIBundle', 'location', 'window', script)((o: unknown) => (options = o), new URL('http://localhost/docs'), {})
    const shown = JSON.parse(options.responseInterceptor({ url: 'http://localhost/openapi.json', text: served }).text)
    expect(parameters(shown).filter((p: any) => !p.required && exampleOf(p) !== undefined)).toEqual([])
    expect(parameters(shown).filter((p: any) => p.required && exampleOf(p) !== undefined).length).toBeGreaterThan(0)
  })
})
