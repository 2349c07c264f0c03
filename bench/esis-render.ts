// Time to render the ESIS PDF of a 480-month mixed loan (11 pages), warm. Run: npx tsx bench/esis-render.ts
import { renderEsisPdf } from '../src/esis-pdf/render-esis-pdf.ts'
import { buildEsisFixture } from '../test/esis-pdf/esis-fixture.ts'

const doc = buildEsisFixture({ rateType: 'mixed', durationMonths: 480 })
await renderEsisPdf(doc)
const times: number[] = []
for (let i = 0; i < 20; i++) {
  const start = performance.now()
  await renderEsisPdf(doc)
  times.push(performance.now() - start)
}
times.sort((a, b) => a - b)
console.log(`ESIS PDF, 480-row table: median ${times[10]!.toFixed(0)} ms, p95 ${times[18]!.toFixed(0)} ms over 20 renders`)
