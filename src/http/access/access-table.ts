import { allRules, type Access } from './access-rules.ts'

/** What each kind of caller gets of a route of each access, as the columns of docs/roles.md say it. */
const CELLS: Record<Access, [noToken: string, brokerUser: string, partnerAdmin: string, operator: string]> = {
  anyone: ['yes', 'yes', 'yes', 'yes'],
  operator: ['401', '401', '401', 'yes'],
  broker: ['401', "its broker's", "its broker's", '401'],
  partner: ['401', 'yes', 'yes', '401'],
  admin: ['401', '403', 'yes', '401'],
}

/** The console's session is a user's login: without one a page leads to the login, a form is refused; the operator has none. */
function cellsOf(key: string, access: Access): string[] {
  const cells = [...CELLS[access]]
  if (access === 'anyone' || !key.includes(' /console')) return cells
  cells[0] = key.startsWith('GET ') ? 'login page' : '401'
  cells[3] = '—'
  return cells
}

export const ACCESS_TABLE_START = '<!-- access-table: written from src/http/access/access-rules.ts by scripts/write-access-table.ts -->'
export const ACCESS_TABLE_END = '<!-- access-table end -->'

/**
 * The table of who may call each route in docs/roles.md (docs/design.md "Roles"), written from the one
 * declaration; a test keeps the page's copy equal to it.
 */
export function accessTable(): string {
  // A | inside a table's code span must be escaped (GitHub's tables).
  const rows = allRules().map(({ key, access }) => `| \`${key.replaceAll('|', '\\|')}\` | ${cellsOf(key, access).join(' | ')} |`)
  return [ACCESS_TABLE_START, '', '| Route | No token | Broker user | Partner admin | Operator token |', '|---|---|---|---|---|', ...rows, '', ACCESS_TABLE_END].join('\n')
}
