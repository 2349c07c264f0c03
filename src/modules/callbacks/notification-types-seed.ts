import { NOTIFICATION_TYPES } from './notification-types.schemas.ts'

/** The seed file of the reference list, relative to the seeds folder. */
export const NOTIFICATION_TYPES_SEED_FILE = 'taxonomies/notification-types.json'

/** One line a value, as the seed files are written: `{ "id": 1, "code": "…" }`. */
const inline = (value: unknown): string =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? `{ ${Object.entries(value)
        .map(([key, v]) => `${JSON.stringify(key)}: ${inline(v)}`)
        .join(', ')} }`
    : JSON.stringify(value)

/**
 * The seed of notification-types, written from the declarations (notification-types.schemas.ts):
 * `npx tsx scripts/write-notification-types-seed.ts` writes it, a test holds the file to it.
 */
export function notificationTypesSeed(): string {
  const items = NOTIFICATION_TYPES.map((t) => inline({ id: t.id, code: t.code, description: t.description, resource: t.resource, echo: t.echo }))
  return `{\n  "list": "notification-types",\n  "items": [\n${items.map((item) => `    ${item}`).join(',\n')}\n  ]\n}\n`
}
