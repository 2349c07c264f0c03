import { describe, expect, it } from 'vitest'
import { limitText } from '../src/http/body/body-limit.ts'
import { ANONYMOUS_BODY, ROUTE_BODIES, routeBodyRule } from '../src/app/route-bodies.ts'
import { createTestSandbox } from './support/test-app.ts'

const { app } = await createTestSandbox()
// Middleware is registered for ALL methods; every other entry is a route that answers.
const routes = [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))]

describe('the body of every route', () => {
  it('is declared for every route of the app: its media type and its limit', () => {
    const undeclared = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string]
      return routeBodyRule(method, path) === undefined
    })
    expect(undeclared, 'routes without a body rule in src/app/route-bodies.ts').toEqual([])
    expect(routes.length).toBeGreaterThan(100)
  })

  it('names no route the app does not have', () => {
    expect([...ROUTE_BODIES.keys()].filter((route) => !routes.includes(route))).toEqual([])
  })

  it('reads no body on GET and HEAD, and at most a limit on every other method', () => {
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string]
      const rule = routeBodyRule(method, path)!
      if (method === 'GET' || method === 'HEAD') expect(rule, route).toEqual({ media: 'none', maxBytes: 0 })
      else expect(rule.maxBytes, route).toBeGreaterThan(0)
    }
  })

  it('takes multipart only on the document uploads, and forms only in the console', () => {
    const byMedia = (media: string) => [...ROUTE_BODIES].filter(([, rule]) => rule.media === media).map(([route]) => route)
    expect(byMedia('multipart')).toEqual(['POST /v1/processes/:processUniqueId/document', 'PUT /v1/processes/:processUniqueId/document/:documentUniqueId'])
    expect(byMedia('form').every((route) => route.startsWith('POST /console/'))).toBe(true)
  })

  it.each(['POST /v1/authentication', 'POST /sandbox/signup', 'POST /console/login', 'POST /sandbox/operator/partners', 'POST /sandbox/operator/invitations'])(
    'gives %s, reached without a partner token, the smallest limit',
    (route) => {
      expect(ROUTE_BODIES.get(route)!.maxBytes).toBe(ANONYMOUS_BODY.maxBytes)
      expect(Math.min(...[...ROUTE_BODIES.values()].map((rule) => rule.maxBytes))).toBe(ANONYMOUS_BODY.maxBytes)
    },
  )

  it.each([
    ['POST /v1/authentication', '8 KB'],
    ['POST /v1/simulations', '1 MB'],
    ['POST /v1/simulations/:simulationUniqueId/message', '64 KB'],
    ['POST /v1/processes/:processUniqueId/document', '10 MB'],
  ])('states the limit of %s in the 413 as %s', (route, text) => {
    expect(limitText(ROUTE_BODIES.get(route)!.maxBytes)).toBe(text)
  })
})
