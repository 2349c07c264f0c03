import type { EsisBlock } from './esis-sections.ts'
import { COLOR, CONTENT, FONT, SIZE } from './pdf-page.ts'

type Pdf = PDFKit.PDFDocument

const LABEL_WIDTH = 215
const COLUMN_GAP = 12
const VALUE_LEFT = CONTENT.left + LABEL_WIDTH + COLUMN_GAP
const VALUE_WIDTH = CONTENT.right - VALUE_LEFT
const ROW_GAP = 3
const BLOCK_GAP = 5
const LIST_INDENT = 10

/**
 * Draws headings and text blocks top to bottom, starting a new page when the next piece would
 * cross the bottom margin. Long paragraphs flow over pages by themselves (pdfkit's line wrapper).
 */
export class EsisPdfWriter {
  constructor(readonly pdf: Pdf) {}

  get y(): number {
    return this.pdf.y
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensureSpace(height: number): void {
    if (this.pdf.y + height > CONTENT.bottom) this.newPage()
  }

  newPage(): void {
    this.pdf.addPage()
    this.pdf.x = CONTENT.left
    this.pdf.y = CONTENT.top
  }

  title(text: string): void {
    this.pdf.font(FONT.bold).fontSize(SIZE.title).fillColor(COLOR.text)
    this.pdf.text(text, CONTENT.left, this.pdf.y, { width: CONTENT.width })
    this.pdf.moveDown(0.6)
  }

  /** A section heading on a grey band, kept on the same page as the first lines that follow it. */
  heading(text: string): void {
    this.pdf.font(FONT.bold).fontSize(SIZE.heading)
    const height = this.pdf.heightOfString(text, { width: CONTENT.width - 8 }) + 6
    this.pdf.y += 6
    this.ensureSpace(height + 40)
    const top = this.pdf.y
    this.pdf.rect(CONTENT.left, top, CONTENT.width, height).fill(COLOR.headingBand)
    this.pdf.fillColor(COLOR.text).text(text, CONTENT.left + 4, top + 3.5, { width: CONTENT.width - 8 })
    this.pdf.y = top + height + BLOCK_GAP
  }

  block(block: Exclude<EsisBlock, { kind: 'repayment-table' }>): void {
    switch (block.kind) {
      case 'rows':
        for (const [label, value] of block.rows) this.row(label, value)
        this.pdf.y += BLOCK_GAP - ROW_GAP
        return
      case 'text':
        this.paragraph(block.text, block.emphasis ? FONT.bold : FONT.regular)
        return
      case 'subheading':
        this.pdf.font(FONT.bold).fontSize(SIZE.body)
        this.ensureSpace(this.pdf.currentLineHeight(true) * 3)
        this.paragraph(block.text, FONT.bold)
        return
      case 'list':
        for (const item of block.items) this.paragraph(`•  ${item}`, FONT.regular, LIST_INDENT, ROW_GAP)
        this.pdf.y += BLOCK_GAP - ROW_GAP
        return
    }
  }

  /** Label on the left, value on the right; both wrap, the row is as tall as the taller one. */
  private row(label: string, value: string): void {
    this.pdf.fontSize(SIZE.body)
    this.pdf.font(FONT.regular)
    const labelHeight = this.pdf.heightOfString(label, { width: LABEL_WIDTH })
    this.pdf.font(FONT.bold)
    const valueHeight = this.pdf.heightOfString(value, { width: VALUE_WIDTH })
    const height = Math.max(labelHeight, valueHeight)
    this.ensureSpace(height)
    const top = this.pdf.y
    this.pdf.font(FONT.regular).fillColor(COLOR.muted).text(label, CONTENT.left, top, { width: LABEL_WIDTH })
    this.pdf.font(FONT.bold).fillColor(COLOR.text).text(value, VALUE_LEFT, top, { width: VALUE_WIDTH })
    this.pdf.y = top + height + ROW_GAP
  }

  private paragraph(text: string, font: string, indent = 0, gap = BLOCK_GAP): void {
    this.pdf.font(font).fontSize(SIZE.body).fillColor(COLOR.text)
    this.ensureSpace(this.pdf.currentLineHeight(true))
    this.pdf.text(text, CONTENT.left + indent, this.pdf.y, { width: CONTENT.width - indent })
    this.pdf.y += gap
  }
}
