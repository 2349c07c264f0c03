import { defineConfig } from 'vitest/config'

/**
 * The reference consumer tests (npm run pact:consumer): they write contracts/pacts/. One file at a
 * time, because every file merges its interactions into the same pact file.
 */
export default defineConfig({
  test: {
    include: ['contracts/consumer/**/*.pact.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 20_000,
    env: { PACT_DO_NOT_TRACK: 'true' },
  },
})
