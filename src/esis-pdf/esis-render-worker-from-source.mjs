// The render thread when the sandbox runs from its TypeScript sources (tsx, vitest): Node 20 cannot
// load a .ts file in a worker by itself, so the thread registers tsx's loader first. The built
// sandbox starts dist/esis-render-worker.js instead and never loads this file.
import { register } from 'tsx/esm/api'

register()
await import('./esis-render-worker.ts')
