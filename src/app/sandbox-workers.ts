/** How long a stop waits for the certification runs under way before it stores them as interrupted. */
const CERTIFICATION_STOP_GRACE_MS = 3000

interface Startable {
  start(): void
  stop(): void
}

/**
 * The sandbox's background work, started by the server and stopped in an order that loses nothing:
 * callback delivery, the scenarios' delayed jobs, the retention sweeps and the scheduled backups.
 */
export function createSandboxWorkers(w: {
  callbacks: { worker: { start(): void; stop(graceMs?: number): Promise<void> } }
  jobs: Startable
  retention: Startable
  auditRetention: Startable
  backups: { start(): void; stop(): Promise<void> }
  testClock: { stop(): void }
  journal: { flush(): void }
  certification: { stop(graceMs: number): Promise<void> }
  mailbox: { close(): void }
  /** The ESIS render threads this sandbox started (undefined: the caller's, which it stops itself). */
  ownRenders: { stop(): Promise<void> } | undefined
  /** Told when the workers start and stop (the readiness probe reads it). */
  running: (running: boolean) => void
}) {
  return {
    start(): void {
      // Resumes what a previous run left pending (at-least-once), then follows new notifications.
      w.callbacks.worker.start()
      // Runs the jobs that fell due while stopped, then each one when due.
      w.jobs.start()
      w.retention.start()
      w.auditRetention.start()
      w.backups.start()
      w.running(true)
    },
    /** Stops taking work; deliveries in flight finish for `graceMs`, then are cut short. */
    async stop(graceMs?: number): Promise<void> {
      // Jobs run synchronously, each in its transaction: once stopped, none starts on a closing database.
      w.running(false)
      w.jobs.stop()
      w.testClock.stop()
      w.journal.flush()
      w.retention.stop()
      w.auditRetention.stop()
      // Before the deliveries: a run's probes go through the same sender, which their stop closes.
      await w.certification.stop(graceMs ?? CERTIFICATION_STOP_GRACE_MS)
      await w.callbacks.worker.stop(graceMs)
      // The renders under way finish (their answers may still be awaited), then the threads end.
      await w.ownRenders?.stop()
      await w.backups.stop()
      w.mailbox.close()
    },
  }
}
