import type { EsisLanguage } from './esis-document.ts'
import { EN_LABELS } from './esis-labels-en.ts'
import type { EsisLabels } from './esis-label-set.ts'
import { PT_LABELS } from './esis-labels-pt.ts'

export type { EsisLabels } from './esis-label-set.ts'

const LABELS: Record<EsisLanguage, EsisLabels> = { 'pt-PT': PT_LABELS, en: EN_LABELS }

/** @example esisLabels('pt-PT').sectionTitles[0] // "Mutuante" */
export function esisLabels(language: EsisLanguage): EsisLabels {
  return LABELS[language]
}
