import { beforeAll, describe, expect, it } from 'vitest'
import { accessOf, allRules, rulePathOf, type Access } from '../../src/http/access/access-rules.ts'
import { PDF } from '../modules/processes/process-fixtures.ts'
import { PARAMS, RECORD_PARAMS, SAMPLES, type Sample } from './support/matrix-samples.ts'
import { CALLERS, createWorld, MARKER_EMAIL, MARKER_NAME, nextAddress, Records, type Caller, type CallerName, type World } from './support/matrix-world.ts'

/**
 * Every route of the app, called as every kind of caller (test/http/support/matrix-world.ts), is
 * answered as its rule in src/http/access/access-rules.ts says (docs/design.md "Roles"): the table below is
 * derived from that one declaration, so a route added without a rule, or without a way to call it
 * here, fails.
 */
let world: World
beforeAll(async () => {
  world = await createWorld()
})

/** What a caller gets: allowed (the route's own answer), a refusal, or the route's not-found for a record it may not see. */
type Outcome = 'allowed' | 401 | 403 | 'hidden' | 'login'

interface Route {
  method: string
  /** The path as the app registers it, parameters written `{name}`. */
  path: string
  key: string
  access: Access
}

/** The routes of the app (its middleware left out), each with its rule; `key` undefined when it has none. */
function routesOfApp(): Array<Omit<Route, 'key' | 'access'> & Partial<Pick<Route, 'key' | 'access'>>> {
  const routes = new Map<string, Omit<Route, 'key' | 'access'> & Partial<Pick<Route, 'key' | 'access'>>>()
  for (const { method, path } of world.s.app.routes) {
    if (method === 'ALL') continue
    const rule = accessOf(method, path)
    routes.set(`${method} ${path}`, { method, path: rulePathOf(path), ...(rule ? { key: rule.key, access: rule.access } : {}) })
  }
  return [...routes.values()]
}

const withRules = () => routesOfApp().filter((r): r is Route => r.key !== undefined)

const namesPartner = (route: Route) => route.path.includes('{partnerUniqueID}') && route.access !== 'operator'
const namesRecord = (route: Route, sample: Sample) => sample.namesRecord === true || [...route.path.matchAll(/\{(\w+)\}/g)].some(([, name]) => RECORD_PARAMS.has(name!))
const isConsole = (route: Route) => route.path.startsWith('/console')

/** The matrix: what each caller must be answered on a route, from its rule alone. */
function expected(route: Route, sample: Sample, caller: CallerName): Outcome {
  const { access } = route
  if (access === 'anyone') return 'allowed'
  if (access === 'operator') return caller === 'operator' ? 'allowed' : 401
  if (caller === 'noToken' || caller === 'operator') return isConsole(route) && route.method === 'GET' ? 'login' : 401
  if (caller === 'admin') return 'allowed'
  if (access === 'admin' && caller !== 'otherPartner') return 403
  if (caller === 'otherPartner') return namesPartner(route) ? 403 : namesRecord(route, sample) ? 'hidden' : 'allowed'
  if (caller === 'otherBroker' && access === 'broker' && namesRecord(route, sample)) return 'hidden'
  return 'allowed'
}

async function paramsOf(route: Route, sample: Sample, records: Records, fresh: boolean): Promise<Record<string, string>> {
  const given = { ...(await sample.params?.(records)), ...(fresh && sample.fresh ? await sample.fresh(records) : {}) }
  const values: Record<string, string> = {}
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (name! in given) values[name!] = given[name!]!
    else if (PARAMS[name!]) values[name!] = await PARAMS[name!]!(records)
    else if (name !== 'simulations|processes') throw new Error(`no value for {${name}} of ${route.key}`)
  }
  return values
}

interface Answer {
  status: number
  text: string
  location: string | null
  url: string
  sent: string
}

async function call(route: Route, sample: Sample, caller: Caller, records: Records, fresh: boolean): Promise<Answer> {
  const params = await paramsOf(route, sample, records, fresh)
  const path = route.path.replace('{simulations|processes}', 'simulations').replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!))
  const url = sample.query ? `${path}?${sample.query}` : path
  const headers: Record<string, string> = { 'X-Forwarded-For': nextAddress() }
  let body: string | FormData | undefined
  if (isConsole(route)) {
    if (caller.console) headers.Cookie = caller.console.cookie
    if (sample.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams({ ...sample.form, ...(caller.console && !route.path.endsWith('/login') ? { csrf: caller.console.csrf } : {}) }).toString()
    }
  } else {
    if (caller.bearer) headers.Authorization = `Bearer ${caller.bearer}`
    if (sample.multipart) {
      const form = new FormData()
      form.append('documentTypeId', '21')
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'caderneta.pdf')
      body = form
    } else if (sample.json) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(await sample.json(records))
    }
  }
  const res = await world.s.request(url, { method: route.method, headers, ...(body === undefined ? {} : { body }) })
  const type = res.headers.get('content-type') ?? ''
  // A stream (mortgage-sandbox listen) never ends by itself: its first event, then it is let go.
  const text = type.startsWith('application/pdf') ? '[pdf]' : type.startsWith('text/event-stream') ? await firstEvent(res) : await res.text()
  await sample.after?.(world.s)
  return { status: res.status, text, location: res.headers.get('location'), url, sent: typeof body === 'string' ? body : '' }
}

/** The first event of a stream, which is then cancelled. */
async function firstEvent(res: Response): Promise<string> {
  const reader = res.body!.getReader()
  let text = ''
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  await reader.cancel()
  return text
}

/** The first item of an error body, if the answer is one. */
function firstError(answer: Answer): { errorCode: string; errorField: string } | undefined {
  try {
    return JSON.parse(answer.text)?.errors?.[0]
  } catch {
    return undefined
  }
}

/** Soft: every route's failure is reported, not only the first. */
function check(route: Route, sample: Sample, caller: CallerName, want: Outcome, answer: Answer, records: Records) {
  const label = `${route.method} ${answer.url} as ${caller}: ${answer.status} ${answer.text.slice(0, 300)}`
  if (want === 'allowed') expect.soft(sample.ok ?? [200], label).toContain(answer.status)
  else if (want === 'login') expect.soft([answer.status, answer.location], label).toEqual([303, '/console/login'])
  else if (want === 'hidden') {
    // The borrower operations answer another broker's process with the document's own 400 (010201).
    if (!isConsole(route) && route.path.includes('/borrower')) expect.soft([answer.status, firstError(answer)?.errorCode], label).toEqual([400, '010201'])
    else expect.soft(answer.status, label).toBe(404)
  } else {
    expect.soft(answer.status, label).toBe(want)
    if (want === 403 && !isConsole(route)) expect.soft(firstError(answer), label).toMatchObject({ errorCode: '010504', errorField: expect.any(String) })
  }
  if (caller === 'otherBroker' || caller === 'otherPartner') {
    // Nothing of broker A1 reaches them but what they sent themselves (an id in the path names itself in a 404).
    const own = [...records.ids].filter((id) => !answer.url.includes(id) && !answer.sent.includes(id))
    for (const secret of [MARKER_NAME, MARKER_EMAIL, ...own]) expect.soft(answer.text, `${label}\nshows ${secret}`).not.toContain(secret)
  }
}

describe('the authorization matrix', () => {
  it('has exactly one rule for every route of the app, and none for a route it does not have', () => {
    const routes = routesOfApp()
    expect(
      routes.filter((r) => r.key === undefined).map((r) => `${r.method} ${r.path}`),
      'routes without a rule in src/http/access/access-rules.ts',
    ).toEqual([])
    const used = new Set(routes.map((r) => r.key))
    expect(
      allRules()
        .map((r) => r.key)
        .filter((key) => !used.has(key)),
      'rules of routes the app does not have',
    ).toEqual([])
    expect(routes.length).toBeGreaterThan(150)
  })

  it('has a way to call every rule of the declaration', () => {
    expect(
      allRules()
        .map((r) => r.key)
        .filter((key) => !SAMPLES[key]),
      'rules without a sample in test/http/support/matrix-samples.ts',
    ).toEqual([])
  })

  it('expects refusals where the rules say (a matrix that allowed everything would prove nothing)', () => {
    const routes = withRules()
    const count = (caller: CallerName, outcome: Outcome) => routes.filter((r) => expected(r, SAMPLES[r.key]!, caller) === outcome).length
    expect(count('user', 403)).toBeGreaterThan(20)
    expect(count('otherBroker', 'hidden')).toBeGreaterThan(40)
    expect(count('otherPartner', 'hidden')).toBeGreaterThan(40)
    expect(count('otherPartner', 403)).toBe(4)
    expect(count('noToken', 401) + count('noToken', 'login')).toBeGreaterThan(130)
  })

  // Each call on records of its own: what one call changes or deletes (a reset) cannot decide another's answer.
  it.each(CALLERS.map((caller) => [caller]))(
    'answers %s on every route as its rule says',
    async (callerName) => {
      for (const route of withRules()) {
        const sample = SAMPLES[route.key]!
        const want = expected(route, sample, callerName)
        const records = new Records(world.s)
        await sample.prepare?.(records)
        const answer = await call(route, sample, world.callers[callerName], records, want === 'allowed')
        check(route, sample, callerName, want, answer, records)
      }
    },
    300_000,
  )
})
