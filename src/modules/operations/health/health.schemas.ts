import { z } from '@hono/zod-openapi'

/** A plain-text answer with its example (Health and Version answer text, not JSON). */
export const plainText = (example: string) => z.string().openapi({ example })
