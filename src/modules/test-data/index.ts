import { createRouter } from '../../http/create-router.ts'
import { testDataHandlers } from './test-data.handlers.ts'
import * as routes from './test-data.routes.ts'
import type { TestDataService } from './test-data.service.ts'

export { createTestDataService, type TestDataService } from './test-data.service.ts'

/** Sandbox control API: GET /sandbox/test-data/borrowers, valid identities to test with. */
export function testDataRouter(testData: TestDataService) {
  return createRouter().openapi(routes.borrowers, testDataHandlers(testData).borrowers)
}
