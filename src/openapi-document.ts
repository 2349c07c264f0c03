import { createApp } from './app.ts'
import { createAppDeps } from './composition-root.ts'
import { testConfig } from './config.ts'
import { prepareDatabase } from './db/prepare-database.ts'

/** The OpenAPI document, built on a throwaway in-memory sandbox (for the CLI and the contracts copy). */
export function openApiDocument() {
  const { db } = prepareDatabase(':memory:')
  try {
    return createApp(createAppDeps({ config: testConfig(), db })).openApiDocument()
  } finally {
    db.close()
  }
}
