import { describe, expect, it } from 'vitest'
import { PathMemo } from '../../src/common/bounded-map.ts'

describe('PathMemo', () => {
  it('keeps what it is given, up to its size, then starts over', () => {
    const memo = new PathMemo<number>(3)
    for (const [i, key] of ['GET /a', 'GET /b', 'GET /c'].entries()) memo.set(key, i)
    expect([memo.get('GET /a'), memo.get('GET /c')]).toEqual([0, 2])
    memo.set('GET /d', 3)
    expect([memo.get('GET /a'), memo.get('GET /b'), memo.get('GET /c'), memo.get('GET /d')]).toEqual([undefined, undefined, undefined, 3])
  })

  it('never keeps a key longer than its bound, so long paths cost no memory', () => {
    const memo = new PathMemo<number>(1024, 16)
    memo.set(`GET /${'x'.repeat(16)}`, 1)
    memo.set('GET /short', 2)
    expect([memo.get(`GET /${'x'.repeat(16)}`), memo.get('GET /short')]).toEqual([undefined, 2])
  })
})
