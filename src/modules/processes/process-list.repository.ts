import type { Statement } from 'better-sqlite3'
import type { Db } from '../../db/connection.ts'
import type { KeysetCursor } from '../../common/pagination.ts'

export interface ProcessListFilter {
  brokerId: number
  /** Folded words (see searchWords): each must start a word of a borrower's name or tax id or of the branch; or the whole text is the process number. */
  words?: string[]
  statusId?: number
  /** Inclusive bounds on the status date, epoch ms. */
  from?: number
  to?: number
}

export type ProcessListCursor = KeysetCursor<{ createdAt: number; processNumber: number }>

export interface ProcessListRow {
  processUniqueId: string
  processNumber: number
  simulationUniqueId: string
  keyBorrowerName: string | null
  keyBorrowerTaxId: string | null
  loanAmount: number
  statusLastAt: number
  statusId: number
  propertyAmount: number
  ltvEstimated: number
  branchId: number
  branchDescription: string
  youthCredit: number
  createdAt: number
}

/** Lower case, no accents, words separated by single spaces: "Conceição-Gonçalves" → "conceicao goncalves". */
export const foldText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** The words of the list's text filter, as Simulation List reads them (at most 8). */
export const searchWords = (text: string): string[] => foldText(text).split(' ').filter(Boolean).slice(0, 8)

const ITEM_COLUMNS = `p.process_unique_id AS processUniqueId, p.process_number AS processNumber,
  p.simulation_unique_id AS simulationUniqueId, json_extract(k.personal, '$.name') AS keyBorrowerName,
  json_extract(k.personal, '$.taxId') AS keyBorrowerTaxId, p.loan_amount AS loanAmount, p.status_last_at AS statusLastAt,
  p.status_id AS statusId, p.property_amount AS propertyAmount, p.ltv_estimated AS ltvEstimated, p.branch_id AS branchId,
  p.branch_description AS branchDescription, p.youth_credit AS youthCredit, p.created_at AS createdAt`

const FROM = `FROM process p LEFT JOIN process_borrower k ON k.process_unique_id = p.process_unique_id AND k.borrower_type_id = 1`

function whereOf(filter: ProcessListFilter): string {
  const parts = ['p.broker_id = @brokerId']
  if (filter.statusId !== undefined) parts.push('p.status_id = @statusId')
  if (filter.from !== undefined) parts.push('p.status_last_at >= @from')
  if (filter.to !== undefined) parts.push('p.status_last_at <= @to')
  if (filter.words !== undefined) {
    // ' ' + every searchable word, so a word of the filter matches the start of a word: LIKE '% word%'.
    const haystack = `(SELECT ' ' || process_fold(p.branch_description || ' ' || group_concat(coalesce(json_extract(b.personal, '$.name'), '')
      || ' ' || coalesce(json_extract(b.personal, '$.taxId'), ''), ' ')) FROM process_borrower b WHERE b.process_unique_id = p.process_unique_id)`
    const all = filter.words.map((_, i) => `${haystack} LIKE @w${i} ESCAPE '\\'`).join(' AND ')
    parts.push(`(CAST(p.process_number AS TEXT) = @number OR (${all}))`)
  }
  return parts.join(' AND ')
}

/** Process List queries: newest first by (created_at, process_number), keyset paging (never OFFSET), a count of every match. */
export function createProcessListRepository(db: Db) {
  db.function('process_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : null))
  const statements = new Map<string, Statement>()
  const statement = (key: string, sql: () => string): Statement => {
    let prepared = statements.get(key)
    if (!prepared) statements.set(key, (prepared = db.prepare(sql())))
    return prepared
  }
  const shape = (f: ProcessListFilter) =>
    `${f.statusId === undefined ? '' : 's'}${f.from === undefined ? '' : 'f'}${f.to === undefined ? '' : 't'}${f.words === undefined ? '' : `x${f.words.length}`}`
  const params = ({ words, ...f }: ProcessListFilter) => ({
    ...f,
    ...(words === undefined ? {} : { number: words.join(' '), ...Object.fromEntries(words.map((w, i) => [`w${i}`, `% ${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`])) }),
  })
  const cursorOf = db.prepare(`SELECT created_at AS createdAt, process_number AS processNumber FROM process
    WHERE process_unique_id = ? AND broker_id = ?`)

  return {
    positionOf: (processUniqueId: string, brokerId: number) => cursorOf.get(processUniqueId, brokerId) as { createdAt: number; processNumber: number } | undefined,

    count: (filter: ProcessListFilter): number =>
      statement(`count:${shape(filter)}`, () => `SELECT COUNT(*) FROM process p WHERE ${whereOf(filter)}`)
        .pluck()
        .get(params(filter)) as number,

    /** Up to `limit` rows in newest-first order, after (next) or before (previous) the cursor. */
    page(filter: ProcessListFilter, cursor: ProcessListCursor, limit: number): ProcessListRow[] {
      const newer = cursor.kind === 'previous'
      const sql = () => {
        const keyset = cursor.kind === 'first' ? '' : ` AND (p.created_at, p.process_number) ${newer ? '>' : '<'} (@createdAt, @processNumber)`
        const order = newer ? 'ASC' : 'DESC'
        return `SELECT ${ITEM_COLUMNS} ${FROM} WHERE ${whereOf(filter)}${keyset}
          ORDER BY p.created_at ${order}, p.process_number ${order} LIMIT @limit`
      }
      const values = cursor.kind === 'first' ? { ...params(filter), limit } : { ...params(filter), createdAt: cursor.createdAt, processNumber: cursor.processNumber, limit }
      const rows = statement(`page:${cursor.kind}:${shape(filter)}`, sql).all(values) as ProcessListRow[]
      return newer ? rows.reverse() : rows
    },
  }
}

export type ProcessListRepository = ReturnType<typeof createProcessListRepository>
