import { z } from '@hono/zod-openapi'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const user = z.object({
  userId: z.number().int().positive(),
  username: z.string().min(3),
  password: z.string().min(6),
  name: z.string().min(1),
  email: z.email(),
  /** An administrator of the partner (docs/design.md "Roles"); a seeded user is one unless it says otherwise. */
  admin: z.boolean().default(true),
})

const broker = z.object({
  brokerId: z.number().int().positive(),
  name: z.string().min(1),
  registrationNumber: z.string().regex(/^\d{7}$/),
  branchId: z.number().int().positive(),
  users: z.array(user).min(1),
})

export const identitiesSeedSchema = z.object({
  branches: z.array(z.object({ branchId: z.number().int().positive(), description: z.string().min(1) })),
  partners: z.array(
    z.object({
      partnerUniqueID: z.uuid(),
      name: z.string().min(1),
      brokers: z.array(broker).min(1),
    }),
  ),
})

export type IdentitiesSeed = z.infer<typeof identitiesSeedSchema>

export const identitiesSeedFile = (seedsDir: string) => join(seedsDir, 'identities.json')

export function readIdentitiesSeed(seedsDir: string): IdentitiesSeed {
  const file = identitiesSeedFile(seedsDir)
  const parsed = identitiesSeedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) {
    throw new Error(`Invalid seed file ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  return parsed.data
}
