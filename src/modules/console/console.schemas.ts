import { z } from '@hono/zod-openapi'

/** The account page's "add a user" form: the fields of the API's user creation, as a form sends them (text). */
export const AddUserFormSchema = z.object({
  brokerId: z.coerce.number().int().positive(),
  name: z.string().trim().min(2).max(120),
  email: z.email().max(254),
  admin: z.literal('yes').optional(),
})

/** A user id in a console path. */
export const UserIdParamSchema = z.coerce.number().int().positive()
