// Writes seeds/taxonomies/notification-types.json from the declarations of src/modules/callbacks/notification-types.schemas.ts (a test fails when that copy is stale).
import { writeFileSync } from 'node:fs'
import { NOTIFICATION_TYPES_SEED_FILE, notificationTypesSeed } from '../src/modules/callbacks/notification-types-seed.ts'
import { fromRoot } from '../src/platform/package-root.ts'

const file = fromRoot('seeds', NOTIFICATION_TYPES_SEED_FILE)
writeFileSync(file, notificationTypesSeed())
process.stdout.write(`wrote ${file}\n`)
