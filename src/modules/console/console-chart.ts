import { html, raw } from 'hono/html'
import type { Lang } from '../../common/language.ts'

/** One month of the repayment table: what the chart needs of it. */
interface Month {
  period: number
  interest: number
  capital: number
  outstanding: number
}

const WIDTH = 720
const HEIGHT = 240
const PAD = { left: 64, right: 12, top: 12, bottom: 28 }

const euros = (n: number) => `${Math.round(n).toLocaleString('pt-PT')} €`

/**
 * The repayment chart of a loan, as an inline SVG (no script, no library): each year's instalments
 * split into capital and interest (bars), and the capital still owed at the end of the year (line).
 */
export function repaymentChart(lang: Lang, months: readonly Month[], principal: number) {
  if (months.length === 0) return ''
  const years: Array<{ capital: number; interest: number; outstanding: number }> = []
  for (const m of months) {
    const year = Math.ceil(m.period / 12) - 1
    const y = (years[year] ??= { capital: 0, interest: 0, outstanding: 0 })
    y.capital += m.capital
    y.interest += m.interest
    y.outstanding = m.outstanding
  }
  const plotW = WIDTH - PAD.left - PAD.right
  const plotH = HEIGHT - PAD.top - PAD.bottom
  const maxPaid = Math.max(...years.map((y) => y.capital + y.interest))
  const step = plotW / years.length
  const barW = Math.max(1, step * 0.7)
  const yPaid = (v: number) => PAD.top + plotH - (v / maxPaid) * plotH
  const yOwed = (v: number) => PAD.top + plotH - (v / principal) * plotH
  const bars = years
    .map((y, i) => {
      const x = PAD.left + i * step + (step - barW) / 2
      const top = yPaid(y.capital + y.interest)
      const split = yPaid(y.capital)
      return (
        `<rect class="interest" x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${(split - top).toFixed(1)}"><title>${lang === 'en' ? 'Year' : 'Ano'} ${i + 1}: ${euros(y.interest)}</title></rect>` +
        `<rect class="capital" x="${x.toFixed(1)}" y="${split.toFixed(1)}" width="${barW.toFixed(1)}" height="${(PAD.top + plotH - split).toFixed(1)}"><title>${lang === 'en' ? 'Year' : 'Ano'} ${i + 1}: ${euros(y.capital)}</title></rect>`
      )
    })
    .join('')
  const line = [`${PAD.left},${yOwed(principal).toFixed(1)}`, ...years.map((y, i) => `${(PAD.left + (i + 1) * step).toFixed(1)},${yOwed(y.outstanding).toFixed(1)}`)].join(' ')
  const labels = lang === 'en' ? ['Capital', 'Interest', 'Capital owed'] : ['Capital', 'Juros', 'Capital em dívida']
  return html`<figure class="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${labels.join(', ')}" data-years="${years.length}">
      ${raw(bars)}
      <polyline class="owed" fill="none" points="${line}" />
      <text x="4" y="${PAD.top + 10}">${euros(maxPaid)}</text>
      <text x="4" y="${PAD.top + plotH}">0</text>
      <text x="${PAD.left}" y="${HEIGHT - 6}">1</text>
      <text x="${WIDTH - PAD.right - 24}" y="${HEIGHT - 6}">${years.length}</text>
    </svg>
    <figcaption><span class="key capital"></span> ${labels[0]} <span class="key interest"></span> ${labels[1]} <span class="key owed"></span> ${labels[2]} (${euros(principal)} → 0)</figcaption>
  </figure>`
}
