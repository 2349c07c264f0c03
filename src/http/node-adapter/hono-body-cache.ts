import type { Context } from 'hono'

type TextCache = { text?: Promise<string> }

/**
 * Leaves a body read by the adapter where Hono's readers look first (`c.req.bodyCache.text`, read
 * by `c.req.json()`, `c.req.text()`, `c.req.parseBody()` and the route validators), so none of
 * them reads the request's stream again.
 */
export function keepBodyText(c: Context, text: string): void {
  ;(c.req.bodyCache as TextCache).text = Promise.resolve(text)
}

/** The body's text as a reader left it in Hono's cache, or undefined when nothing read it as text (an upload streamed). */
export const bodyTextRead = (c: Context): Promise<string> | undefined => (c.req.bodyCache as TextCache).text
