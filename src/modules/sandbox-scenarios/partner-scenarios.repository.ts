import type { Db } from '../../db/connection.ts'

/** A partner's own scenario as stored: the document the schema accepted, as JSON text. */
export interface StoredScenario {
  name: string
  document: string
  createdAt: string
  updatedAt: string
}

export function createPartnerScenarioRepository(db: Db) {
  const ofPartner = db.prepare(`SELECT name, document, created_at AS createdAt, updated_at AS updatedAt
    FROM partner_scenario WHERE partner_unique_id = ? ORDER BY name`)
  const one = db.prepare(`SELECT name, document, created_at AS createdAt, updated_at AS updatedAt
    FROM partner_scenario WHERE partner_unique_id = ? AND name = ?`)
  const insert = db.prepare(`INSERT INTO partner_scenario (partner_unique_id, name, document, created_at, updated_at)
    VALUES (@partnerUniqueID, @name, @document, @now, @now)`)
  const update = db.prepare(`UPDATE partner_scenario SET document = @document, updated_at = @now
    WHERE partner_unique_id = @partnerUniqueID AND name = @name`)
  const remove = db.prepare('DELETE FROM partner_scenario WHERE partner_unique_id = ? AND name = ?')
  return {
    /** The partner's scenarios, by name. */
    ofPartner: (partnerUniqueID: string): StoredScenario[] => ofPartner.all(partnerUniqueID) as StoredScenario[],
    get: (partnerUniqueID: string, name: string): StoredScenario | undefined => one.get(partnerUniqueID, name) as StoredScenario | undefined,
    insert: (partnerUniqueID: string, name: string, document: string, now: string): void => void insert.run({ partnerUniqueID, name, document, now }),
    update: (partnerUniqueID: string, name: string, document: string, now: string): void => void update.run({ partnerUniqueID, name, document, now }),
    /** @returns whether there was one. */
    remove: (partnerUniqueID: string, name: string): boolean => remove.run(partnerUniqueID, name).changes > 0,
  }
}
