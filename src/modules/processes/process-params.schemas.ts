import { z } from '@hono/zod-openapi'

/** The path parameters of a process and of its parts (any 8-4-4-4-12 hexadecimal identifier). */
export const ProcessParamsSchema = z.object({
  processUniqueId: z.guid().openapi({
    param: { name: 'processUniqueId', in: 'path' },
    description: 'Any 8-4-4-4-12 hexadecimal identifier; an unknown one, or one of another broker, is a 404 (a 400, 010201, on the borrower operations)',
    example: '6f0c8a52-1f7e-4c1b-9a56-2d7e0c3b9f10',
  }),
})

export const BorrowerParamsSchema = ProcessParamsSchema.extend({
  borrowerUniqueId: z.guid().openapi({ param: { name: 'borrowerUniqueId', in: 'path' }, example: '0b9e4d2c-7a1f-4e3b-8c5d-6f7a8b9c0d1e' }),
})

export const DocumentParamsSchema = ProcessParamsSchema.extend({
  documentUniqueId: z.guid().openapi({ param: { name: 'documentUniqueId', in: 'path' }, example: '5c2d9e7f-3a1b-4c6d-8e9f-0a1b2c3d4e5f' }),
})

export const PropertyParamsSchema = ProcessParamsSchema.extend({
  propertyUniqueId: z.guid().openapi({ param: { name: 'propertyUniqueId', in: 'path' }, example: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e' }),
})
