import type { Clock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { OlderThanDeletion, PartnerDataOwners } from './partner-data.ts'

const DAY_MS = 86_400_000
/** Records deleted per kind and batch: one batch is a few milliseconds, never a stall. */
export const BATCH_SIZE = 200
/** How often the sweeper looks for old data. */
const INTERVAL_MS = 60_000
/** A pass stops after this long and goes on at the next turn of the event loop. */
const PASS_BUDGET_MS = 20

/**
 * Retention (docs/design.md "Partners"): partner data older than SANDBOX_RETENTION_DAYS is deleted
 * by the modules that own it, in small batches, each in its own transaction, yielding to the
 * requests between batches. Processes go before the simulations they stand on.
 */
export function createRetentionSweeper(deps: { days: number; clock: Clock; writes: Transactions; logger: Logger; owners: Pick<PartnerDataOwners, 'list'> }) {
  let kinds: ReadonlyArray<[name: string, deletion: OlderThanDeletion]> | undefined
  // Read at the first sweep: the owners are all known by then, in deletion order.
  const kindsOf = () => (kinds ??= deps.owners.list().flatMap((owner) => ('olderThan' in owner ? Object.entries(owner.olderThan) : [])))

  let timer: NodeJS.Timeout | undefined
  let running = false

  /** One batch of every kind; what each deleted. */
  const batch = deps.writes.transaction((cutoff: Date) => Object.fromEntries(kindsOf().map(([name, remove]) => [name, remove(cutoff, BATCH_SIZE)])))

  /** Sweeps until nothing old is left or the pass's budget is spent; true when more is left. */
  function pass(totals: Record<string, number>): boolean {
    const cutoff = new Date(deps.clock.now().getTime() - deps.days * DAY_MS)
    const started = performance.now()
    for (;;) {
      const deleted = batch(cutoff)
      let full = false
      for (const [name, count] of Object.entries(deleted)) {
        totals[name] = (totals[name] ?? 0) + count
        full ||= count === BATCH_SIZE
      }
      if (!full) return false
      if (performance.now() - started > PASS_BUDGET_MS) return true
    }
  }

  function tick(totals: Record<string, number> = {}): void {
    timer = undefined
    if (!running) return
    try {
      if (pass(totals)) {
        timer = setTimeout(() => tick(totals), 0)
        return
      }
      if (Object.values(totals).some((n) => n > 0)) deps.logger.info('retention sweep', { days: deps.days, ...totals })
    } catch (error) {
      deps.logger.error('retention sweep failed', { error: error instanceof Error ? error.message : String(error) })
    }
    timer = setTimeout(() => tick(), INTERVAL_MS)
    timer.unref()
  }

  return {
    /** Sweeps now, then every minute. */
    start(): void {
      if (running || deps.days === 0) return
      running = true
      tick()
    },
    stop(): void {
      running = false
      clearTimeout(timer)
    },
    /** Sweeps everything old now, to the end (tests, the operator); returns what went. */
    sweepNow(): Record<string, number> {
      const totals: Record<string, number> = {}
      if (deps.days > 0) while (pass(totals));
      return totals
    },
  }
}
