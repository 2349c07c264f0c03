#!/usr/bin/env node
// The executable, dist/cli.js: runs the sandbox's bundle (dist/app.cjs, built from src/cli.ts) with
// the code V8 compiled for it at an earlier start (src/cli/code-cache.ts).
import { fileURLToPath } from 'node:url'
import { runBundle } from './code-cache.ts'

runBundle(fileURLToPath(new URL('./app.cjs', import.meta.url)))
