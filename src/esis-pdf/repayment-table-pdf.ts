import type { EsisLanguage, EsisRepaymentRow } from './esis-document.ts'
import type { EsisLabels } from './esis-labels.ts'
import type { EsisPdfWriter } from './esis-pdf-writer.ts'
import { formatMoney } from './format.ts'
import { COLOR, CONTENT, FONT, SIZE } from './pdf-page.ts'

const ROW_HEIGHT = 11
const CELL_PADDING = 4
const TEXT_OFFSET = 2.2
const PERIOD_WIDTH = 40
const MONEY_WIDTH = (CONTENT.width - PERIOD_WIDTH) / 5

type Cell = (row: EsisRepaymentRow, money: (value: number) => string) => string

interface Column {
  header: (labels: EsisLabels) => string
  cell: Cell
  width: number
}

const COLUMNS: readonly Column[] = [
  { header: (l) => l.table.columns.period, cell: (r) => String(r.period), width: PERIOD_WIDTH },
  { header: (l) => l.table.columns.instalment, cell: (r, m) => m(r.instalment), width: MONEY_WIDTH },
  { header: (l) => l.table.columns.interest, cell: (r, m) => m(r.interest), width: MONEY_WIDTH },
  { header: (l) => l.table.columns.otherCosts, cell: (r, m) => m(r.otherCosts), width: MONEY_WIDTH },
  { header: (l) => l.table.columns.capital, cell: (r, m) => m(r.capital), width: MONEY_WIDTH },
  { header: (l) => l.table.columns.outstanding, cell: (r, m) => m(r.outstanding), width: MONEY_WIDTH },
]

/** Right edge of each column's text, so cells can be right-aligned without pdfkit's line wrapper. */
const RIGHT_EDGES: readonly number[] = COLUMNS.map((_, i) => CONTENT.left + COLUMNS.slice(0, i + 1).reduce((sum, c) => sum + c.width, 0) - CELL_PADDING)

/**
 * Section 7's table, over as many pages as it needs, with its header repeated on each page.
 *
 * Cells are placed by measured width with `lineBreak: false`: pdfkit's wrapper (the `width` and
 * `align` options) is about ten times slower, and a 40-year loan has 480 rows.
 */
export function drawRepaymentTable(writer: EsisPdfWriter, rows: readonly EsisRepaymentRow[], labels: EsisLabels, language: EsisLanguage): void {
  const pdf = writer.pdf
  const money = (value: number): string => formatMoney(value, language)
  // Amounts repeat (instalments, insurance): measure each distinct string once.
  const widths = new Map<string, number>()
  const widthOf = (text: string): number => {
    let width = widths.get(text)
    if (width === undefined) widths.set(text, (width = pdf.widthOfString(text)))
    return width
  }
  const headers = COLUMNS.map((c) => c.header(labels))
  const headerHeight = measureHeader(writer, headers)
  writer.ensureSpace(headerHeight + ROW_HEIGHT * 3)
  drawHeader(writer, headers, headerHeight)
  pdf.font(FONT.regular).fontSize(SIZE.table)
  rows.forEach((row, index) => {
    if (pdf.y + ROW_HEIGHT > CONTENT.bottom) {
      writer.newPage()
      drawHeader(writer, headers, headerHeight)
      pdf.font(FONT.regular).fontSize(SIZE.table)
    }
    const top = pdf.y
    if (index % 2 === 1) pdf.rect(CONTENT.left, top, CONTENT.width, ROW_HEIGHT).fill(COLOR.zebra)
    pdf.fillColor(COLOR.text)
    COLUMNS.forEach((column, i) => {
      const text = column.cell(row, money)
      const width = widthOf(text)
      pdf.text(text, (RIGHT_EDGES[i] ?? CONTENT.right) - width, top + TEXT_OFFSET, { lineBreak: false })
    })
    pdf.y = top + ROW_HEIGHT
  })
  pdf.moveTo(CONTENT.left, pdf.y).lineTo(CONTENT.right, pdf.y).lineWidth(0.5).stroke(COLOR.rule)
  pdf.y += 8
}

function measureHeader(writer: EsisPdfWriter, headers: readonly string[]): number {
  writer.pdf.font(FONT.bold).fontSize(SIZE.table)
  const heights = headers.map((h, i) => writer.pdf.heightOfString(h, { width: (COLUMNS[i]?.width ?? 0) - 2 * CELL_PADDING }))
  return Math.max(...heights) + 2 * TEXT_OFFSET + 2
}

function drawHeader(writer: EsisPdfWriter, headers: readonly string[], height: number): void {
  const pdf = writer.pdf
  const top = pdf.y
  pdf.rect(CONTENT.left, top, CONTENT.width, height).fill(COLOR.headingBand)
  pdf.font(FONT.bold).fontSize(SIZE.table).fillColor(COLOR.text)
  let left = CONTENT.left
  headers.forEach((header, i) => {
    const width = COLUMNS[i]?.width ?? 0
    pdf.text(header, left + CELL_PADDING, top + TEXT_OFFSET + 1, { width: width - 2 * CELL_PADDING, align: 'right' })
    left += width
  })
  pdf.y = top + height
}
