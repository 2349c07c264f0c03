import type { HealthRepository } from './health.repository.ts'

export interface HealthProbe {
  /** The package version the sandbox runs. */
  version: string
  /** null when healthy, else what is failing. */
  check(): string | null
}

/** Health: the database answers a query. */
export function createHealthProbe(deps: { repo: HealthRepository; version: string }): HealthProbe {
  return {
    version: deps.version,
    check() {
      try {
        deps.repo.ping()
        return null
      } catch (error) {
        return `database unavailable (${error instanceof Error ? error.message : String(error)})`
      }
    },
  }
}
