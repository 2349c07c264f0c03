import type { Statement } from 'better-sqlite3'
import type { Db } from '../../db/connection.ts'
import type { KeysetCursor } from '../../common/pagination.ts'

export interface SimulationListFilter {
  brokerId: number
  /** The text filter as an FTS5 query of the broker's words (see searchQuery). */
  text?: string
  statusId?: number
  /** Inclusive bounds on the status date, epoch ms. */
  from?: number
  to?: number
}

export type ListCursor = KeysetCursor<{ createdAt: number; simulationNumber: number }>

export interface SimulationListRow {
  simulationUniqueId: string
  simulationNumber: number
  keyBorrowerName: string
  keyBorrowerTaxId: string
  loanAmount: number
  statusLastAt: number
  statusId: number
  propertyAmount: number
  ltvEstimated: number
  branchId: number
  branchDescription: string
  origin: string
  youthCredit: number
}

const ITEM_COLUMNS = `simulation_unique_id AS simulationUniqueId, simulation_number AS simulationNumber,
  key_borrower_name AS keyBorrowerName, key_borrower_tax_id AS keyBorrowerTaxId, loan_amount AS loanAmount,
  status_last_at AS statusLastAt, status_id AS statusId, property_amount AS propertyAmount,
  ltv_estimated AS ltvEstimated, branch_id AS branchId, branch_description AS branchDescription, origin,
  youth_credit AS youthCredit`

const TEXT_COLUMNS = '{key_borrower_name key_borrower_tax_id borrower_name borrower_tax_id branch_description}'

/** Up to this many text matches, a filtered count looks each match up rather than scanning an index. */
const FEW_MATCHES = 2000

const hasDates = (f: SimulationListFilter) => f.from !== undefined || f.to !== undefined

function conditions(f: SimulationListFilter, options: { text?: 'in' | 'none' } = {}): string {
  const parts = ['broker_id = @brokerId']
  if (f.statusId !== undefined) parts.push('status_id = @statusId')
  if (f.from !== undefined) parts.push('status_last_at >= @from')
  if (f.to !== undefined) parts.push('status_last_at <= @to')
  if (f.text !== undefined && options.text === 'in') {
    parts.push('simulation_number IN (SELECT rowid FROM simulation_search WHERE simulation_search MATCH @text)')
  }
  return parts.join(' AND ')
}

const shapeOf = (f: SimulationListFilter) =>
  `${f.statusId === undefined ? '' : 's'}${f.from === undefined ? '' : 'f'}${f.to === undefined ? '' : 't'}${f.text === undefined ? '' : 'x'}`

/**
 * The Simulation List queries: newest first by (created_at, simulation_number), keyset paging (never
 * OFFSET), the count of every match. The plan follows how many simulations match: when they are
 * many, the order index is read from the cursor and filtered (the first page is found early); when
 * they are few, the matches are fetched (from the text index or the date index) and sorted. Every
 * statement is prepared once per plan and shape of filter.
 */
export function createSimulationListRepository(db: Db) {
  const statements = new Map<string, Statement>()
  const prepared = (key: string, sql: () => string): Statement => {
    let statement = statements.get(key)
    if (!statement) {
      statement = db.prepare(sql())
      statements.set(key, statement)
    }
    return statement
  }
  const cursorOf = db.prepare(`SELECT created_at AS createdAt, simulation_number AS simulationNumber
    FROM simulation WHERE simulation_unique_id = ? AND broker_id = ?`)
  const brokerTotal = db.prepare('SELECT COALESCE(SUM(n), 0) FROM simulation_count WHERE broker_id = ?').pluck()
  const statusTotal = db.prepare('SELECT COALESCE(SUM(n), 0) FROM simulation_count WHERE broker_id = ? AND status_id = ?').pluck()
  const branches = db.prepare('SELECT branch_description FROM simulation_branch WHERE broker_id = ? AND n > 0').pluck()
  const textMatches = db.prepare('SELECT COUNT(*) FROM simulation_search WHERE simulation_search MATCH ?').pluck()

  const orderIndex = (f: SimulationListFilter) => (f.statusId === undefined ? 'simulation_broker_order' : 'simulation_broker_status_order')
  const dateIndex = (f: SimulationListFilter) => (f.statusId === undefined ? 'simulation_broker_date' : 'simulation_broker_status_date')
  const total = (f: SimulationListFilter) => (f.statusId === undefined ? brokerTotal.get(f.brokerId) : statusTotal.get(f.brokerId, f.statusId)) as number

  function count(f: SimulationListFilter): number {
    const params = f
    if (f.text === undefined && !hasDates(f)) return total(f)
    if (f.text === undefined) {
      return prepared(`count:dates:${shapeOf(f)}`, () => `SELECT COUNT(*) FROM simulation INDEXED BY ${dateIndex(f)} WHERE ${conditions(f)}`)
        .pluck()
        .get(params) as number
    }
    const matches = textMatches.get(f.text) as number
    if (!hasDates(f) && f.statusId === undefined) return matches
    if (matches <= FEW_MATCHES) {
      return prepared(
        `count:matches:${shapeOf(f)}`,
        () => `SELECT COUNT(*) FROM (SELECT rowid AS n FROM simulation_search
        WHERE simulation_search MATCH @text) AS hits CROSS JOIN simulation ON simulation.simulation_number = hits.n WHERE ${conditions(f)}`,
      )
        .pluck()
        .get(params) as number
    }
    const index = hasDates(f) ? dateIndex(f) : orderIndex(f)
    return prepared(`count:in:${shapeOf(f)}`, () => `SELECT COUNT(*) FROM simulation INDEXED BY ${index} WHERE ${conditions(f, { text: 'in' })}`)
      .pluck()
      .get(params) as number
  }

  /** Up to `limit` rows in newest-first order, after (next) or before (previous) the cursor. */
  function page(f: SimulationListFilter, cursor: ListCursor, limit: number, matching: number): SimulationListRow[] {
    const newer = cursor.kind === 'previous'
    const order = newer ? 'ASC' : 'DESC'
    const keyset = cursor.kind === 'first' ? '' : ` AND (created_at, simulation_number) ${newer ? '>' : '<'} (@createdAt, @simulationNumber)`
    // Reading the order index finds `limit` matches after about limit × total / matching entries;
    // fetching and sorting costs about `matching`: the first wins above √(limit × total).
    const many = (f.text === undefined && !hasDates(f)) || matching * matching >= limit * total(f)
    const plan = many ? 'order' : f.text === undefined ? 'dates' : 'matches'
    const sql = () => {
      const tail = `${keyset} ORDER BY created_at ${order}, simulation_number ${order} LIMIT @limit`
      if (plan === 'order') return `SELECT ${ITEM_COLUMNS} FROM simulation INDEXED BY ${orderIndex(f)} WHERE ${conditions(f, { text: 'in' })}${tail}`
      if (plan === 'dates') return `SELECT ${ITEM_COLUMNS} FROM simulation INDEXED BY ${dateIndex(f)} WHERE ${conditions(f)}${tail}`
      return `SELECT ${ITEM_COLUMNS} FROM (SELECT rowid AS n FROM simulation_search WHERE simulation_search MATCH @text) AS hits
        CROSS JOIN simulation ON simulation.simulation_number = hits.n WHERE ${conditions(f)}${tail}`
    }
    // `limit` first: a literal that begins with a spread and goes on costs the minor collections (docs/decisions/0105-what-the-minor-collections-keep.md).
    const params = {
      limit,
      ...f,
      ...(cursor.kind === 'first' ? {} : { createdAt: cursor.createdAt, simulationNumber: cursor.simulationNumber }),
    }
    const rows = prepared(`page:${plan}:${cursor.kind}:${shapeOf(f)}`, sql).all(params) as SimulationListRow[]
    return newer ? rows.reverse() : rows
  }

  return {
    /** The position of a simulation of the broker in the list order, or undefined. */
    positionOf: (simulationUniqueId: string, brokerId: number) => cursorOf.get(simulationUniqueId, brokerId) as { createdAt: number; simulationNumber: number } | undefined,
    /** The branch descriptions of the broker's simulations. */
    branchesOf: (brokerId: number) => branches.all(brokerId) as string[],
    count,
    page,
  }
}

export type SimulationListRepository = ReturnType<typeof createSimulationListRepository>
