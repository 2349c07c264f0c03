// Bundles the sandbox and its pure-JS dependencies into dist/cli.js: loading one file instead of
// hundreds of modules is what keeps a cold start fast. Packages that read their own files at run
// time (native addons, fonts, UI assets, the Pact core) stay in node_modules.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })

await build({
  // The ESIS render thread is a second entry: a worker starts from a file of its own (dist/esis-render-worker.js).
  entryPoints: { cli: 'src/cli.ts', 'esis-render-worker': 'src/esis-pdf/esis-render-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Commands loaded on demand (verify and its Pact core) become their own chunks: serve never loads them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: ['better-sqlite3', 'pdfkit', 'swagger-ui-dist', '@pact-foundation/*', '@pactflow/*', 'nodemailer'],
  banner: {
    // CommonJS dependencies bundled into an ES module still call require() for Node built-ins.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Less to parse at each start. Identifiers keep their names, so stack traces in the logs still
  // read, without keepNames: its name-setting wrapper runs on every closure a request creates.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
})
