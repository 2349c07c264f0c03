import { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import type { AppEnv } from './app-env.ts'
import { validationHook } from './validation-hook.ts'

/**
 * A module's router: the app's environment and the app's validation hook, so a router mounted
 * alone (a test, the verification sandbox) answers a refused parameter as the whole app does.
 * Every module builds its router here, never with `new OpenAPIHono` of its own.
 */
export function createRouter<E extends Env = AppEnv>(): OpenAPIHono<E> {
  return new OpenAPIHono<E>({ defaultHook: validationHook as never })
}
