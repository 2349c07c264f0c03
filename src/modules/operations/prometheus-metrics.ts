import { statSync } from 'node:fs'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Metrics } from '../../common/metrics.ts'
import type { OperationsRepository } from './operations.repository.ts'
import { createRequestHistogram } from './request-histogram.ts'

/** Seconds: the bank's operations answer in milliseconds; an ESIS PDF or an upload in seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** A partner's receiver: up to the 15 s delivery timeout. */
const DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15]

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`

const fileBytes = (path: string): number => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

export interface PrometheusMetricsDeps {
  repository: OperationsRepository
  /** The database file (`:memory:` for none: its pages are counted instead). */
  dbPath: string
  /** The machine's time (due times of the outbox and the jobs are on its time line). */
  now: () => Date
}

/**
 * The Prometheus side of `Metrics` (docs/operating.md "Metrics"): counters and histograms moved by
 * the events, gauges computed when scraped from what the database already counts, and prom-client's
 * default metrics (memory, event-loop lag, handles). One registry per sandbox: tests build many.
 */
export function createPrometheusMetrics(deps: PrometheusMetricsDeps) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  const registers = [registry]

  const requests = createRequestHistogram({
    name: 'sandbox_http_request_duration_seconds',
    help: 'Requests answered, by operation (method and route template) and status class, and their time',
    buckets: REQUEST_BUCKETS,
    registry,
  })
  const refusals = new Counter({
    name: 'sandbox_http_refusals_total',
    help: 'Requests refused with an error of the catalogue, by its key (RATE_LIMITED, QUOTA_EXCEEDED, …) and status',
    labelNames: ['reason', 'status'] as const,
    registers,
  })
  const logins = new Counter({ name: 'sandbox_login_refusals_total', help: 'Logins refused: wrong credentials, or throttled', labelNames: ['reason'] as const, registers })
  const deliveries = new Histogram({
    name: 'sandbox_callback_delivery_seconds',
    help: "Callback delivery attempts, by notification type and outcome, and the receiver's time",
    labelNames: ['notification_type', 'outcome'] as const,
    buckets: DELIVERY_BUCKETS,
    registers,
  })
  const journalDropped = new Counter({
    name: 'sandbox_journal_dropped_total',
    help: "Requests not journaled, by reason: past their partner's journaling allowance a second, or lost with a failed write",
    labelNames: ['reason'] as const,
    registers,
  })
  const backups = new Counter({ name: 'sandbox_backups_total', help: 'Backups finished, by outcome', labelNames: ['outcome'] as const, registers })
  const backupSeconds = new Gauge({ name: 'sandbox_backup_last_duration_seconds', help: 'How long the last good backup took', registers })
  const backupBytes = new Gauge({ name: 'sandbox_backup_last_bytes', help: 'The size of the last good backup', registers })
  const backupAt = new Gauge({ name: 'sandbox_backup_last_success_timestamp_seconds', help: 'When the last good backup finished (Unix time)', registers })

  // One scrape reads the database once, whichever gauge asks first.
  let snapshot: ReturnType<OperationsRepository['snapshot']> | undefined
  let snapshotAt = -1
  const read = () => {
    const now = performance.now()
    if (!snapshot || now - snapshotAt > 100) {
      snapshot = deps.repository.snapshot()
      snapshotAt = now
    }
    return snapshot
  }
  const overdueSeconds = (dueAt: string | null) => (dueAt === null ? 0 : Math.max(0, (deps.now().getTime() - Date.parse(dueAt)) / 1000))

  new Gauge({
    name: 'sandbox_partners',
    help: 'Partners, by status',
    labelNames: ['status'] as const,
    registers,
    collect() {
      this.reset()
      for (const { status, count } of read().partners) this.set({ status }, count)
    },
  })
  new Gauge({
    name: 'sandbox_stored_records',
    help: 'Records every partner keeps, in total, by kind (from the quotas’ usage counters)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const { stored, journalEntries } = read()
      this.set({ kind: 'simulations' }, stored.simulations)
      this.set({ kind: 'processes' }, stored.processes)
      this.set({ kind: 'callbackConfigurations' }, stored.callbackConfigurations)
      this.set({ kind: 'journalEntries' }, journalEntries)
    },
  })
  new Gauge({
    name: 'sandbox_stored_bytes',
    help: 'Bytes every partner keeps, in total, by kind (what the storage quota counts)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const { stored } = read()
      this.set({ kind: 'documents' }, stored.documentBytes)
      this.set({ kind: 'mail' }, stored.mailBytes)
      this.set({ kind: 'messages' }, stored.messageBytes)
      this.set({ kind: 'journal' }, stored.journalBytes)
    },
  })
  new Gauge({
    name: 'sandbox_journal_entries',
    help: 'Request journal entries kept',
    registers,
    collect() {
      this.set(read().journalEntries)
    },
  })
  new Gauge({
    name: 'sandbox_outbox_pending',
    help: 'Callback notifications waiting for delivery',
    registers,
    collect() {
      this.set(read().outbox.pending)
    },
  })
  new Gauge({
    name: 'sandbox_outbox_oldest_overdue_seconds',
    help: 'How long the most overdue pending notification has been due (0: none overdue)',
    registers,
    collect() {
      this.set(overdueSeconds(read().outbox.oldestDueAt))
    },
  })
  new Gauge({
    name: 'sandbox_jobs_pending',
    help: "Scenario jobs waiting (the bank's delayed side of a scenario)",
    registers,
    collect() {
      this.set(read().jobs.pending)
    },
  })
  new Gauge({
    name: 'sandbox_jobs_oldest_overdue_seconds',
    help: 'How long the most overdue pending scenario job has been due (0: none overdue)',
    registers,
    collect() {
      this.set(overdueSeconds(read().jobs.oldestDueAt))
    },
  })
  new Gauge({
    name: 'sandbox_database_bytes',
    help: 'The database file',
    registers,
    collect() {
      this.set(deps.dbPath === ':memory:' ? deps.repository.pageBytes() : fileBytes(deps.dbPath))
    },
  })
  new Gauge({
    name: 'sandbox_database_wal_bytes',
    help: 'The write-ahead log beside it (checkpointed every second; a growing one means a reader holds it)',
    registers,
    collect() {
      this.set(deps.dbPath === ':memory:' ? 0 : fileBytes(`${deps.dbPath}-wal`))
    },
  })

  const metrics: Metrics = {
    request: (operation, status, seconds) => requests.observe(operation, statusClass(status), seconds),
    refusal: (reason, status) => refusals.labels(reason, String(status)).inc(),
    loginRefused: (reason) => logins.labels(reason).inc(),
    deliveryAttempt: (notificationTypeId, outcome, seconds) => deliveries.labels(String(notificationTypeId), outcome).observe(seconds),
    journalDropped: (count, reason) => journalDropped.inc({ reason }, count),
    backup(outcome, seconds, bytes) {
      backups.labels(outcome).inc()
      if (outcome !== 'ok') return
      backupSeconds.set(seconds)
      backupBytes.set(bytes)
      backupAt.set(deps.now().getTime() / 1000)
    },
  }

  return {
    metrics,
    contentType: registry.contentType,
    /** The text a scrape answers. */
    scrape: (): Promise<string> => registry.metrics(),
  }
}
