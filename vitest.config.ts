import { readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * Every test runs through `app.request()` (project "web"); the tests of the bank's operations and of
 * the transport run a second time through a real Node server (project "node-server"), the path
 * production takes (test/support/transport.ts). The sandbox's own modules (callbacks, console,
 * certification, partners…) run once: their behaviour does not depend on the transport, and their
 * second run cost 75 s of CI on 2 cores (docs/decisions/0101-second-transport-for-the-bank-s-operations.md).
 */
export default defineConfig({
  plugins: [
    {
      // The workflow parser ships source maps to sources it does not ship: read without them, vite
      // has nothing to warn about on every run.
      name: 'workflow-parser-without-source-maps',
      load: (id) => (/@actions\/workflow-parser\/dist\/.*\.js$/.test(id) ? readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '') : null),
    },
  ],
  test: {
    environment: 'node',
    pool: 'forks',
    // Test files share their worker's loaded modules instead of importing the sandbox again each
    // (import time fell from 140 s to 16 s, the suite from 7.5 to 3.8 minutes on 2 cores). Every file
    // builds its own sandbox and database; what src/ keeps at module level is pure caches (parsed
    // languages, schemas, the package root), the same whichever file filled them.
    isolate: false,
    // Both cores: vitest's default leaves one idle (availableParallelism - 1), and most files spend
    // their time waiting on sockets and timers. The suite fell from 302 s to 191 s on 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    // GitHub's workflow parser imports its JSON schema without `with { type: 'json' }`, which Node
    // refuses: vite transforms it instead of leaving it to Node (test/ci-examples.test.ts).
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    projects: [
      { extends: true, test: { name: 'web', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'node-server',
          include: [
            'test/modules/{simulations,processes,esis,taxonomy,operations/health,fidelity,partners/auth}/**/*.test.ts',
            'test/http/error-responses.test.ts',
            'test/http/forwarded-for.test.ts',
            'test/http/json-text.test.ts',
            'test/http/body-limit.test.ts',
            'test/cli/verify/provider-states.test.ts',
          ],
          env: { SANDBOX_TEST_TRANSPORT: 'node' },
        },
      },
    ],
  },
})
