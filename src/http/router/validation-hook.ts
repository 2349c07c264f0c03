import type { Hook } from '@hono/zod-openapi'
import type { z } from 'zod'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv } from './app-env.ts'
import { problemsFromZod } from '../../common/zod-problems.ts'

/** The app's defaultHook: every request validation failure becomes the same 400 body. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) throw ApiError.validation(problemsFromZod(result.error as z.ZodError, (result as { data?: unknown }).data))
}
