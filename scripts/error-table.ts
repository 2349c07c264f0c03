// The table of error codes in docs/conventions.md, written from the catalogue every error body comes
// from (src/common/error-catalogue.ts): code, HTTP status, and the English message with its slots.
// scripts/write-error-table.ts writes it; a test keeps the page's copy equal to it.
import { ERRORS, SUCCESS_CODE, SUCCESS_MESSAGE } from '../src/common/error-catalogue.ts'

export const ERROR_TABLE_START = '<!-- error-table: written from src/common/error-catalogue.ts by scripts/write-error-table.ts -->'
export const ERROR_TABLE_END = '<!-- error-table end -->'

/** A message's slots (`{field}`) as code, and a `|` escaped for the table. */
const cell = (text: string) => text.replace(/\{(\w+)\}/g, '`{$1}`').replaceAll('|', '\\|')

/** The Markdown table of every code, between its markers, the success code first. */
export function errorTable(): string {
  const rows = [...Object.values(ERRORS)].sort((a, b) => a.code.localeCompare(b.code)).map(({ code, status, message }) => `| ${code} | ${status} | ${cell(message.en)} |`)
  return [
    ERROR_TABLE_START,
    '',
    '| Code | HTTP | Message (English; `{…}` is filled in) |',
    '|---|---|---|',
    `| ${SUCCESS_CODE} | 200, 201 | ${cell(SUCCESS_MESSAGE.en)} (the \`operationStatus\` of a success) |`,
    ...rows,
    '',
    ERROR_TABLE_END,
  ].join('\n')
}

/** The codes of the catalogue, for the test that every one has its row. */
export const errorCodes = (): string[] => Object.values(ERRORS).map(({ code }) => code)
