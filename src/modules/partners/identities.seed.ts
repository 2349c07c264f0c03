import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { identitiesSeedSchema, type IdentitiesSeed } from './identities-seed.schemas.ts'

export const identitiesSeedFile = (seedsDir: string) => join(seedsDir, 'identities.json')

export function readIdentitiesSeed(seedsDir: string): IdentitiesSeed {
  const file = identitiesSeedFile(seedsDir)
  const parsed = identitiesSeedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) {
    throw new Error(`Invalid seed file ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  return parsed.data
}
