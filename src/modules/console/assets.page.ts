import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AppEnv } from '../../http/router/app-env.ts'
import { fromRoot } from '../../platform/package-root.ts'

/** The console's static files: its stylesheet and script from the repository, htmx from node_modules. Read once. */
function assets() {
  const require = createRequire(fromRoot('package.json'))
  const files: Record<string, { type: string; body: string }> = {
    'console.css': { type: 'text/css; charset=utf-8', body: readFileSync(fromRoot('src/modules/console/assets/console.css'), 'utf8') },
    'console.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(fromRoot('src/modules/console/assets/console.js'), 'utf8') },
    'htmx.min.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(require.resolve('htmx.org/dist/htmx.min.js'), 'utf8') },
  }
  return files
}

/** GET /console/assets/{file}: no session needed. */
export function assetPages() {
  const files = assets()
  return new Hono<AppEnv>().get('/console/assets/:file', (c) => {
    const file = files[c.req.param('file')]
    if (!file) return c.notFound()
    return c.body(file.body, 200, { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=3600' })
  })
}
