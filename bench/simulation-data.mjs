// 100,000 simulations of one broker in a sandbox database, for the benches that read them
// (simulations-list.mjs, console-pages.mjs): a few hundred created through the API, then cloned with
// new ids, names, valid NIFs, statuses and dates spread over a year.
import { faker } from '@faker-js/faker/locale/pt_PT'
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { EXAMPLE, startSandbox } from './simulations-support.mjs'

const TEMPLATES = 300
const DAY = 86_400_000

// As src/modules/simulations/simulation-search.ts stores them: every word behind the broker's prefix.
const searchTerms = (brokerId, texts) => {
  const prefix = `t${brokerId.toString(36).padStart(6, '0')}x`
  return texts
    .flatMap((t) => (t ? (t.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []) : []))
    .map((w) => prefix + w)
    .join(' ')
}

const nif = () => {
  const first8 = String(faker.number.int({ min: 1, max: 2 })) + String(faker.number.int({ min: 0, max: 9_999_999 })).padStart(7, '0')
  const sum = [...first8].reduce((s, d, i) => s + Number(d) * (9 - i), 0)
  return first8 + String(sum % 11 < 2 ? 0 : 11 - (sum % 11))
}

function templateInput(n) {
  const body = structuredClone(EXAMPLE)
  body.loanSimulator.loanAmount = 100_000 + (n % 40) * 5_000
  body.loanSimulator.loanDurationMonths = 240 + (n % 11) * 12
  if (n % 3 === 1) Object.assign(body.loanSimulator, { interestRateTypeID: 1, indexTypeID: undefined, fixedPeriodID: 5 })
  if (n % 3 === 2) Object.assign(body.loanSimulator, { interestRateTypeID: 3, indexTypeID: undefined, indexTypeMixedID: 2, fixedPeriodID: 3 })
  return body
}

/** Loads `COUNT` simulations of broker A into the database at dbPath; answers one from the middle. */
export async function loadSimulations(dbPath, COUNT) {
  const sandbox = await startSandbox({ dbPath })
  for (let n = 0; n < TEMPLATES; n++) {
    const res = await fetch(`${sandbox.url}/v1/simulations`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify(templateInput(n)) })
    if (res.status !== 201) throw new Error(`template ${n}: ${res.status} ${await res.text()}`)
  }
  await sandbox.stop()

  const db = new Database(dbPath)
  const templates = db.prepare('SELECT * FROM simulation').all()
  const columns = Object.keys(templates[0])
  const insert = db.prepare(`INSERT INTO simulation (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
  const insertSearch = db.prepare('INSERT INTO simulation_search (rowid, terms) VALUES (?, ?)')
  const insertHistory = db.prepare(`INSERT INTO simulation_status_history (simulation_unique_id, status_id, previous_status_id, changed_at, origin, user_id)
    VALUES (?, ?, NULL, ?, 'api', ?)`)
  const start = Date.now() - 365 * DAY
  faker.seed(2026)
  db.transaction(() => {
    db.prepare('DELETE FROM simulation').run()
    for (let n = 1; n <= COUNT; n++) {
      const t = templates[n % templates.length]
      const createdAt = start + Math.floor((n / COUNT) * 365 * DAY)
      const roll = faker.number.float()
      const statusId = t.eligible ? (roll < 0.82 ? 1 : roll < 0.9 ? 4 : roll < 0.95 ? 3 : 5) : roll < 0.85 ? 2 : 4
      const name = faker.person.fullName()
      const taxId = nif()
      const input = JSON.parse(t.input)
      input.borrowersSimulator.keyBorrowerName = name
      const profile = JSON.parse(t.profile)
      profile.keyBorrowerTaxId = taxId
      const id = randomUUID()
      const borrowerName = t.borrower_name ? faker.person.fullName() : null
      insertSearch.run(n, searchTerms(t.broker_id, [name, taxId, borrowerName, t.borrower_tax_id, t.branch_description]))
      insert.run({
        ...t,
        simulation_unique_id: id,
        simulation_number: n,
        created_at: createdAt,
        updated_at: createdAt,
        status_id: statusId,
        status_last_at: statusId <= 2 ? createdAt : createdAt + faker.number.int({ min: 1, max: 20 }) * DAY,
        key_borrower_name: name,
        key_borrower_tax_id: taxId,
        borrower_name: borrowerName,
        input: JSON.stringify(input),
        profile: JSON.stringify(profile),
      })
      insertHistory.run(id, statusId, createdAt, t.user_id)
    }
    db.prepare("UPDATE sequence_counter SET value = ? WHERE name = 'simulation_number'").run(COUNT)
  })()
  db.pragma('optimize')
  const sample = db
    .prepare('SELECT simulation_unique_id AS id, key_borrower_name AS name, key_borrower_tax_id AS taxId FROM simulation WHERE simulation_number = ?')
    .get(Math.floor(COUNT / 2))
  db.close()
  return sample
}
