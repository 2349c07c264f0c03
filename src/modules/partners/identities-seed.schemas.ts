import { z } from '@hono/zod-openapi'

/** The seeded branches, partners, brokers and users of seeds/identities.json. */
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
