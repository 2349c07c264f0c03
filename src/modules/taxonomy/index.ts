import type { Db } from '../../db/connection.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { createTaxonomyCatalog, type TaxonomyCatalog } from './taxonomy.catalog.ts'
import { taxonomyHandler } from './taxonomy.handlers.ts'
import { createTaxonomyRepository } from './taxonomy.repository.ts'
import { TAXONOMY_ROUTES } from './taxonomy.routes.ts'
import { createRouter } from '../../http/router/create-router.ts'

export type { LocalizedItem, TaxonomyCatalog, TaxonomyItem } from './taxonomy.catalog.ts'
export { seedTaxonomy, taxonomySeedFiles } from './taxonomy.seed.ts'
export { PROCESS_STATES, SIMULATION_STATES, assertTransition, transitionRefusal, type WorkflowOfList } from './workflow-states.ts'

/** The reference lists of the database, held in memory once read. */
export const createTaxonomy = (db: Db): TaxonomyCatalog => createTaxonomyCatalog(createTaxonomyRepository(db).readList)

/** One route per reference list (the 46 lists of the interface document), all served from the catalogue. */
export function taxonomyRouter(taxonomy: TaxonomyCatalog) {
  const router = createRouter()
  // Routes built from the registry at run time: each handler answers its list's own shape, which the
  // reference-list tests check against the route's schema (the compiler cannot).
  for (const { list, route } of TAXONOMY_ROUTES) router.openapi(route, taxonomyHandler(taxonomy, list) as never)
  return router
}
