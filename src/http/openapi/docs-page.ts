import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { WayIn } from '../../common/way-in.ts'

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}

/**
 * The document as the page shows it: an optional parameter without its example. Swagger UI fills
 * "Try it out" with a parameter's `example` (or its schema's) whether it is required or not, so a
 * Simulation List tried as it comes filtered by every example and showed none of the partner's
 * simulations. The published documents keep their examples (a reader and a generator use them);
 * only the page's copy loses them, so an optional parameter is sent when the user types it.
 * Runs in the browser: written as plain JavaScript, without anything of this module.
 */
export function withoutOptionalParameterExamples(document: any): any {
  const paths = (document && document.paths) || {}
  for (const path of Object.keys(paths)) {
    for (const operation of Object.values(paths[path] || {}) as any[]) {
      for (const parameter of (operation && operation.parameters) || []) {
        if (!parameter || parameter.required) continue
        delete parameter.example
        delete parameter.examples
        if (parameter.schema) delete parameter.schema.example
      }
    }
  }
  return document
}

// The two documents by a link each: Swagger UI's own picker (StandaloneLayout) styles inline, which the page's policy refuses.
const DOCS_SCRIPT = `const withoutOptionalParameterExamples = ${withoutOptionalParameterExamples.toString()}
const api = new URLSearchParams(location.search).get('api') === 'sandbox' ? '/openapi/sandbox.json' : '/openapi.json'
const responseInterceptor = (res) => {
  if (res.url && new URL(res.url, location.href).pathname === api && res.text) {
    res.text = JSON.stringify(withoutOptionalParameterExamples(JSON.parse(res.text)))
    res.body = JSON.parse(res.text)
  }
  return res
}
// A token pasted into Authorize lives as long as the tab: persisted, any script of the origin (or the
// next user of a shared browser) could read it from localStorage. What an earlier page stored goes.
try {
  localStorage.removeItem('authorized')
} catch {}
window.ui = SwaggerUIBundle({ url: api, dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false, tryItOutEnabled: true, validatorUrl: null, responseInterceptor })
`

/** The page's own script and style, served as files: the page's policy allows no inline script or style. */
const OWN_ASSETS: Record<string, { type: string; body: string }> = {
  'sandbox-docs.js': { type: 'application/javascript; charset=utf-8', body: DOCS_SCRIPT },
  'sandbox-docs.css': {
    type: 'text/css; charset=utf-8',
    body: 'body { margin: 0 } .sandbox-banner { background: #0b3d5c; color: #fff; font: 14px sans-serif; padding: 10px 20px } .sandbox-banner a { color: #fff }\n',
  },
}

const page = (wayIn: WayIn) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Mortgage Partner Portal Sandbox: API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="stylesheet" href="/docs/assets/sandbox-docs.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div class="sandbox-banner">Sandbox: no real credit decisions. ${escapeHtml(wayIn.docsBanner)} Documents: <a href="/docs">the bank's API</a> · <a href="/docs?api=sandbox">the sandbox's own API (/sandbox)</a> · <a href="/asyncapi.json">the callbacks (AsyncAPI)</a>. Requests, journeys and certification: <a href="/console">the console</a>.</div>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/sandbox-docs.js"></script>
</body>
</html>`

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The interactive reference at /docs, Swagger UI served from node_modules: it works offline. Its
 * banner says how to log in on this sandbox (common/way-in.ts) and links to the console.
 */
export function docsPage(wayIn: WayIn) {
  const html = page(wayIn)
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const cache = new Map<string, Buffer>()
  return new Hono()
    .get('/docs', (c) => c.html(html))
    .get('/docs/assets/:file', (c) => {
      const file = c.req.param('file')
      const own = OWN_ASSETS[file]
      if (own) return c.body(own.body, 200, { 'Content-Type': own.type, 'Cache-Control': 'public, max-age=86400' })
      const type = ASSETS[file]
      if (!type) return c.notFound()
      let body = cache.get(file)
      if (!body) {
        body = readFileSync(join(dir, file))
        cache.set(file, body)
      }
      return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' })
    })
}
