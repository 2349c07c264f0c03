import { testConfig } from './config.ts'
import { openSandbox } from './server.ts'

/** The OpenAPI document, built on a throwaway in-memory sandbox (for the CLI and the contracts copy). */
export function openApiDocument() {
  const { db, app } = openSandbox({ config: testConfig() })
  try {
    return app.openApiDocument()
  } finally {
    db.close()
  }
}
