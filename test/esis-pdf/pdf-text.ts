import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfText {
  pageCount: number
  /** Per page, its text lines top to bottom; items on one baseline joined by a space. */
  pages: string[][]
  /** Every line of every page joined by a space, whitespace collapsed (no-break spaces too). */
  all: string
  info: Record<string, unknown>
}

/** Collapses any whitespace (including U+00A0) to one space, so tests can write "843,21 €". */
export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Extracts the text of a PDF with pdfjs-dist (getTextContent), grouped in lines. */
export async function extractPdfText(pdf: Buffer): Promise<PdfText> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: string[][] = []
    for (let n = 1; n <= loaded.numPages; n++) {
      const page = await loaded.getPage(n)
      const content = await page.getTextContent()
      const lines = new Map<number, { x: number; str: string }[]>()
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue
        const y = Math.round(Number(item.transform[5]))
        const line = lines.get(y) ?? []
        line.push({ x: Number(item.transform[4]), str: item.str })
        lines.set(y, line)
      }
      pages.push(
        [...lines.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, items]) =>
            normalise(
              items
                .sort((a, b) => a.x - b.x)
                .map((i) => i.str)
                .join(' '),
            ),
          ),
      )
    }
    const { info } = await loaded.getMetadata()
    return { pageCount: loaded.numPages, pages, all: normalise(pages.flat().join(' ')), info: info as Record<string, unknown> }
  } finally {
    await loaded.destroy()
  }
}
