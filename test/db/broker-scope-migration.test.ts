import { randomUUID } from 'node:crypto'
import { cpSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/db/connection.ts'
import { migrate } from '../../src/db/migrate.ts'
import { fromRoot } from '../../src/platform/package-root.ts'
import { insertOwnedResource } from '../modules/callbacks/support/owned-resources.ts'
import { tempDir } from '../support/temp-dir.ts'

const PARTNER = randomUUID()

/** A database as migrations 001 to 013 left it, with a partner of two brokers. */
function databaseBefore014(): Db {
  const dir = tempDir('migrations-before-014')
  const all = fromRoot('src', 'db', 'migrations')
  for (const file of readdirSync(all).filter((f) => Number(f.slice(0, 3)) < 14)) cpSync(join(all, file), join(dir, file))
  const db = openDatabase(':memory:')
  migrate(db, dir)
  db.prepare("INSERT INTO partner (partner_unique_id, name, created_at) VALUES (?, 'Parceiro', '2026-01-01')").run(PARTNER)
  db.prepare("INSERT INTO branch (branch_id, description) VALUES (1, 'Lisboa')").run()
  for (const brokerId of [41, 42]) {
    db.prepare("INSERT INTO broker (broker_id, partner_unique_id, name, registration_number, branch_id) VALUES (?, ?, 'Mediador', '0000001', 1)").run(brokerId, PARTNER)
    db.prepare("INSERT INTO app_user (user_id, broker_id, username, name, email, password_hash) VALUES (?, ?, ?, 'U', 'u@x.example', 'x')").run(
      brokerId * 10,
      brokerId,
      `u${brokerId}`,
    )
  }
  return db
}

function notification(db: Db, resource: { processUniqueId?: string; simulationUniqueId?: string }): string {
  const id = `msg_${randomUUID()}`
  db.prepare(
    `INSERT INTO notification (notification_id, partner_unique_id, notification_type_id, process_unique_id, simulation_unique_id,
    resource_key, body, status, created_at, updated_at) VALUES (?, ?, 6, ?, ?, ?, '{}', 'skipped', '2026-01-01', '2026-01-01')`,
  ).run(id, PARTNER, resource.processUniqueId ?? null, resource.simulationUniqueId ?? null, `key:${randomUUID()}`)
  return id
}

function mail(db: Db, resource: { processUniqueId?: string; simulationUniqueId?: string }): string {
  const id = randomUUID()
  db.prepare(
    `INSERT INTO mailbox_message (mailbox_message_id, partner_unique_id, created_at, from_address, to_address, subject, body_text,
    simulation_unique_id, process_unique_id, relay_status) VALUES (?, ?, 0, 'a', 'b', 's', 't', ?, ?, 'captured')`,
  ).run(id, PARTNER, resource.simulationUniqueId ?? null, resource.processUniqueId ?? null)
  return id
}

function job(db: Db, payload: Record<string, unknown>): number {
  return Number(
    db
      .prepare("INSERT INTO sandbox_job (partner_unique_id, kind, payload, due_at, created_at) VALUES (?, 'bank-message', ?, '2026-01-01', '2026-01-01')")
      .run(PARTNER, JSON.stringify(payload)).lastInsertRowid,
  )
}

describe('migration 014: each notification, captured e-mail and job names its broker', () => {
  it("takes the broker of the simulation or process it concerns, and leaves the partner's own (no resource, or one gone) to no broker", () => {
    const db = databaseBefore014()
    const simulation = randomUUID()
    const process = randomUUID()
    insertOwnedResource(db, 'simulation', { id: simulation, brokerId: 41, statusId: 1 })
    insertOwnedResource(db, 'process', { id: process, brokerId: 42, statusId: 1 })
    const notifications = [
      notification(db, { simulationUniqueId: simulation }),
      notification(db, { processUniqueId: process }),
      notification(db, { simulationUniqueId: randomUUID() }),
    ]
    const mails = [mail(db, { simulationUniqueId: simulation }), mail(db, { processUniqueId: process }), mail(db, {})]
    const jobs = [job(db, { brokerId: 41, simulationUniqueId: simulation }), job(db, { processUniqueId: process }), job(db, { simulationUniqueId: randomUUID() })]

    expect(migrate(db).some((name) => name.startsWith('014_'))).toBe(true)

    const brokerOf = (table: string, column: string, ids: Array<string | number>) =>
      ids.map((id) => db.prepare(`SELECT broker_id FROM ${table} WHERE ${column} = ?`).pluck().get(id))
    expect(brokerOf('notification', 'notification_id', notifications)).toEqual([41, 42, null])
    expect(brokerOf('mailbox_message', 'mailbox_message_id', mails)).toEqual([41, 42, null])
    expect(brokerOf('sandbox_job', 'id', jobs)).toEqual([41, 42, null])
  })
})
