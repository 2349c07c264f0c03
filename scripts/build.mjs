// Bundles the sandbox and its pure-JS dependencies into dist/: loading one file instead of hundreds
// of modules is what keeps a cold start fast. Packages that read their own files at run time
// (native addons, fonts, UI assets, the Pact core) stay in node_modules.
//
// The sandbox is one CommonJS file, dist/app.cjs, which the executable dist/cli.js runs with V8's
// cache of its compiled code (src/cli/code-cache.ts; Node 20 caches a script's code, not an ES
// module's). The verify command's Pact core and the other packages left outside load on first use.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3', 'pdfkit', 'swagger-ui-dist', '@pact-foundation/*', '@pactflow/*', 'nodemailer'],
  // Less to parse at each start. Identifiers keep their names, so stack traces in the logs still
  // read, without keepNames: its name-setting wrapper runs on every closure a request creates.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
}

await build({
  ...common,
  entryPoints: { app: 'src/cli.ts' },
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // import() of a package left outside (nodemailer) becomes require(): a script run from its code
  // cache has no module loader of its own for import().
  supported: { 'dynamic-import': false },
  // The sources are ES modules: strict, and `import.meta.url` is the bundle's own URL.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "'use strict';const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
})

await build({
  ...common,
  // The executable, and the ESIS render thread (a worker starts from a file of its own).
  entryPoints: { cli: 'src/cli/executable.ts', 'esis-render-worker': 'src/esis-pdf/esis-render-worker.ts' },
  format: 'esm',
  banner: {
    // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
})
