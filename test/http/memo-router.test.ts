import { TrieRouter } from 'hono/router/trie-router'
import { describe, expect, it } from 'vitest'
import { MemoRouter } from '../../src/http/router/memo-router.ts'

const ROUTES: [string, string][] = [
  ['ALL', '*'],
  ['GET', '/v1/simulations/:simulationUniqueId'],
  ['POST', '/v1/simulations/validate'],
  ['GET', '/v1/simulations/:simulationUniqueId/message'],
  ['PUT', '/:partnerUniqueID/callbacks/:notificationType'],
]

function routers() {
  const memo = new MemoRouter<string>()
  const trie = new TrieRouter<string>()
  for (const [method, path] of ROUTES) {
    memo.add(method, path, `${method} ${path}`)
    trie.add(method, path, `${method} ${path}`)
  }
  return { memo, trie }
}

describe('MemoRouter', () => {
  it.each([
    ['GET', '/v1/simulations/a1'],
    ['GET', '/v1/simulations/a1/message'],
    ['POST', '/v1/simulations/validate'],
    ['PUT', '/p-1/callbacks/6'],
    ['GET', '/nowhere'],
  ])('matches %s %s as the trie does, the first time and the next', (method, path) => {
    const { memo, trie } = routers()
    expect(memo.match(method, path)).toEqual(trie.match(method, path))
    expect(memo.match(method, path)).toEqual(trie.match(method, path))
  })

  it('keeps the parameters of each path apart', () => {
    const { memo } = routers()
    const params = (path: string) => memo.match('GET', path)[0].find(([handler]) => handler.startsWith('GET'))![1]
    expect(params('/v1/simulations/a1')).toEqual({ simulationUniqueId: 'a1' })
    expect(params('/v1/simulations/b2')).toEqual({ simulationUniqueId: 'b2' })
    expect(params('/v1/simulations/a1')).toEqual({ simulationUniqueId: 'a1' })
  })

  it('forgets what it matched when a route is added', () => {
    const { memo } = routers()
    expect(memo.match('GET', '/v1/health')[0]).toHaveLength(1)
    memo.add('GET', '/v1/health', 'health')
    expect(memo.match('GET', '/v1/health')[0].map(([handler]) => handler)).toContain('health')
  })
})
