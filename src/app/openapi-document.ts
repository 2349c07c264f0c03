import { testConfig } from '../platform/config.ts'
import { openSandbox } from './server.ts'
import { LOCAL_SERVER } from '../http/openapi/api-documents.ts'
import { asyncApiDocument } from '../modules/callbacks/index.ts'
import { packageVersion } from '../platform/package-root.ts'

/** Builds something from the app of a throwaway in-memory sandbox (for the CLI and the contracts copies). */
function fromThrowawayApp<T>(read: (app: ReturnType<typeof openSandbox>['app']) => T): T {
  const { db, app } = openSandbox({ config: testConfig() })
  try {
    return read(app)
  } finally {
    db.close()
  }
}

/** The app's whole generated document: both APIs, before the split (for tests that enumerate every route). */
export function openApiDocument() {
  return fromThrowawayApp((app) => app.openApiDocument())
}

/**
 * The two documents as contracts/ keeps them: the bank's API (/openapi.json) and the sandbox's own
 * (/openapi/sandbox.json), with their shared headers declared and the local sandbox as their server.
 */
export function openApiDocuments() {
  return fromThrowawayApp((app) => {
    const { bank, sandbox } = app.openApiDocuments()
    return { bank, sandbox }
  })
}

/** The callbacks' AsyncAPI document as `mortgage-sandbox asyncapi` prints it: its server the one given, else a sandbox on this machine. */
export function asyncApiDocumentText(url?: string): string {
  const server = url ? { url, description: 'The sandbox' } : LOCAL_SERVER
  return JSON.stringify(asyncApiDocument({ version: packageVersion(), servers: [server] }), null, 2)
}
