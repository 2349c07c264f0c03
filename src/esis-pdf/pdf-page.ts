/**
 * Page geometry and typography shared by the ESIS writers. A4 in points (1/72 inch); the top and
 * bottom margins leave room for the sandbox banner and the page number drawn on every page.
 */
export const PAGE = {
  size: 'A4',
  width: 595.28,
  height: 841.89,
  margins: { top: 70, bottom: 56, left: 50, right: 50 },
} as const

export const CONTENT = {
  left: PAGE.margins.left,
  right: PAGE.width - PAGE.margins.right,
  width: PAGE.width - PAGE.margins.left - PAGE.margins.right,
  top: PAGE.margins.top,
  bottom: PAGE.height - PAGE.margins.bottom,
} as const

/** The 14 standard PDF fonts need no font file; they only show WinAnsi characters. */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const

export const SIZE = { title: 15, heading: 10.5, body: 9, table: 7.5, chrome: 8 } as const

export const COLOR = {
  text: '#111827',
  muted: '#4b5563',
  headingBand: '#e5e7eb',
  zebra: '#f3f4f6',
  rule: '#9ca3af',
  banner: '#fee2e2',
  bannerText: '#991b1b',
  watermark: '#dc2626',
} as const
