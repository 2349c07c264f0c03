// Bundles the sandbox into dist/ (dependencies stay in node_modules): one file to load is what
// keeps a cold start fast.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
