import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { MAX_TEST_BORROWERS, TestBorrowersQuerySchema, TestBorrowersSchema } from './test-data.schemas.ts'

export const borrowers = createRoute({
  method: 'get',
  path: '/sandbox/test-data/borrowers',
  tags: ['Sandbox'],
  summary: 'Test borrowers: valid Portuguese identities',
  operationId: 'sandboxTestBorrowers',
  description: `Sandbox control API (not part of the bank's API): 1 to ${MAX_TEST_BORROWERS} distinct borrowers, each a Borrower Create body that is accepted as it is (a co-borrower of a process): names of pt_PT, a birth date of an adult, a NIF of a natural person, a NISS and a citizen card number with their check digits, and what Submit needs besides. Generated on each call and stored nowhere; \`seed\` answers the same borrowers again on the same day.`,
  security: bearerSecurity,
  request: { query: TestBorrowersQuerySchema },
  responses: { 200: jsonContent(TestBorrowersSchema, 'The borrowers, and the seed they came from'), ...authedErrors(400) },
})
