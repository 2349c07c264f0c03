import type { Registry } from 'prom-client'

interface Series {
  operation: string
  statusClass: string
  /** Observations per bucket, not cumulative: the scrape adds them up. */
  counts: Float64Array
  sum: number
  count: number
}

/**
 * The requests' histogram family, counted in plain arrays on each request's path and written in
 * Prometheus's form only when scraped. prom-client's labelled `observe` hashes and validates its
 * labels on every call, even on a kept child: a CPU profile of Simulation Detail under load put it
 * with its middleware at about 3% of the server's busy time (docs/decisions/1077-metrics-are-events-told-gauges-read.md,
 * `node bench/metrics-cost.mjs`). Same name, labels, buckets and text as prom-client's Histogram.
 */
export function createRequestHistogram(options: { name: string; help: string; buckets: readonly number[]; registry: Registry }) {
  const { name, help, buckets } = options
  const series = new Map<string, Series>()
  options.registry.registerMetric({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = []
      for (const s of series.values()) {
        const labels = { operation: s.operation, status_class: s.statusClass }
        let cumulative = 0
        buckets.forEach((le, i) => {
          cumulative += s.counts[i]!
          values.push({ metricName: `${name}_bucket`, labels: { le, ...labels }, value: cumulative })
        })
        values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: s.count })
        values.push({ metricName: `${name}_sum`, labels, value: s.sum })
        values.push({ metricName: `${name}_count`, labels, value: s.count })
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values }
    },
    reset: () => series.clear(),
  } as unknown as Parameters<Registry['registerMetric']>[0])
  return {
    observe(operation: string, statusClass: string, seconds: number): void {
      const key = statusClass + operation
      let s = series.get(key)
      if (!s) series.set(key, (s = { operation, statusClass, counts: new Float64Array(buckets.length), sum: 0, count: 0 }))
      let i = 0
      while (i < buckets.length && seconds > buckets[i]!) i++
      if (i < buckets.length) s.counts[i]!++
      s.sum += seconds
      s.count++
    },
  }
}
