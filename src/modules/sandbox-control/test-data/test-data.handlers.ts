import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import type * as routes from './test-data.routes.ts'
import type { TestDataService } from './test-data.service.ts'

export const testDataHandlers = (testData: TestDataService) => ({
  borrowers: ((c) => {
    const { count, seed, loanDurationMonths } = c.req.valid('query')
    return c.json(testData.borrowers(c.get('auth').partnerUniqueID, count, seed, loanDurationMonths), 200)
  }) satisfies AppRouteHandler<typeof routes.borrowers>,
})
