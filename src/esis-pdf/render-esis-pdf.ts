import type { EsisDocument } from './esis-document.ts'
import { esisLabels, type EsisLabels } from './esis-labels.ts'
import { EsisPdfWriter } from './esis-pdf-writer.ts'
import { buildEsisSections } from './esis-sections.ts'
import { parseIsoDate } from './format.ts'
import { COLOR, CONTENT, FONT, PAGE, SIZE } from './pdf-page.ts'
import { drawRepaymentTable } from './repayment-table-pdf.ts'

type Pdf = PDFKit.PDFDocument

/** Fixed so the bytes depend on the input only (pdfkit derives the file ID from the info dictionary). */
const CREATOR = 'Mortgage Partner Portal sandbox'

/**
 * Renders the ESIS (FINE in pt-PT) as an A4 PDF in the document's language, marked on every page as
 * a sandbox document. Deterministic: the same input gives the same bytes, as the PDF's creation
 * date is the issue date at 00:00 UTC.
 * @throws RangeError when issueDate or validUntil is not a "YYYY-MM-DD" calendar date.
 * @example const pdf = await renderEsisPdf(doc) // Buffer starting with "%PDF-"
 */
export async function renderEsisPdf(doc: EsisDocument): Promise<Buffer> {
  // Loaded on first use: pdfkit and its font tables cost a start about 100 ms.
  const { default: PDFDocument } = await import('pdfkit')
  const labels = esisLabels(doc.language)
  const pdf = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    lang: doc.language,
    displayTitle: true,
    info: {
      Title: labels.documentTitle,
      Author: doc.lender.name,
      Subject: [doc.references.simulationId, doc.references.processNumber].filter(Boolean).join(' / '),
      Creator: CREATOR,
      Producer: CREATOR,
      CreationDate: parseIsoDate(doc.issueDate),
    },
  })
  const done = collect(pdf)
  try {
    drawBody(pdf, doc, labels)
    drawChrome(pdf, labels)
  } finally {
    pdf.end()
  }
  return done
}

function collect(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
}

function drawBody(pdf: Pdf, doc: EsisDocument, labels: EsisLabels): void {
  const writer = new EsisPdfWriter(pdf)
  pdf.x = CONTENT.left
  pdf.y = CONTENT.top
  writer.title(labels.documentTitle)
  for (const section of buildEsisSections(doc)) {
    writer.heading(section.heading)
    for (const block of section.blocks) {
      if (block.kind === 'repayment-table') drawRepaymentTable(writer, doc.repaymentTable, labels, doc.language)
      else writer.block(block)
    }
  }
}

/**
 * Banner, watermark and "page n of N" on every page, drawn once the page count is known. Text is
 * placed with `lineBreak: false`, which never starts a page even below the bottom margin.
 */
function drawChrome(pdf: Pdf, labels: EsisLabels): void {
  const { start, count } = pdf.bufferedPageRange()
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index)
    drawWatermark(pdf, labels.watermark)
    drawBanner(pdf, labels.sandboxBanner)
    pdf.font(FONT.regular).fontSize(SIZE.chrome).fillColor(COLOR.muted)
    const footer = labels.pageOf(index - start + 1, count)
    pdf.text(footer, CONTENT.right - pdf.widthOfString(footer), PAGE.height - 36, { lineBreak: false })
  }
}

function drawBanner(pdf: Pdf, text: string): void {
  const top = 26
  const height = 22
  pdf.rect(CONTENT.left, top, CONTENT.width, height).fill(COLOR.banner)
  pdf.font(FONT.bold).fontSize(SIZE.chrome).fillColor(COLOR.bannerText)
  const x = CONTENT.left + (CONTENT.width - pdf.widthOfString(text)) / 2
  pdf.text(text, Math.max(CONTENT.left + 4, x), top + 7, { lineBreak: false })
}

function drawWatermark(pdf: Pdf, text: string): void {
  const centreX = PAGE.width / 2
  const centreY = PAGE.height / 2
  pdf.save()
  pdf.rotate(-50, { origin: [centreX, centreY] })
  pdf.font(FONT.bold).fontSize(110).fillColor(COLOR.watermark).fillOpacity(0.06)
  const width = pdf.widthOfString(text)
  pdf.text(text, centreX - width / 2, centreY - 55, { lineBreak: false })
  pdf.restore()
}
