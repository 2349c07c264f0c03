// One autocannon run in a process of its own, for the benches that measure another client's latency
// meanwhile: in the measuring process, the load generator's own work (writing megabytes of bodies,
// reconnecting) would delay the measuring client's callbacks and be counted as the server's latency.
// The parent forks this file and sends the run's options (a body as { base64 }); it answers autocannon's result.
import autocannon from 'autocannon'

process.once('message', (options) => {
  const body = options.body?.base64 === undefined ? options.body : Buffer.from(options.body.base64, 'base64')
  const instance = autocannon({ ...options, body }, (error, result) => {
    process.send(error ? { error: String(error) } : { result }, () => process.exit(0))
  })
  autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false })
})
