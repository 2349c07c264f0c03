import type { Db } from '../../db/connection.ts'
import { createBorrowerRepository } from './borrowers/borrower.repository.ts'
import { createDocumentRepository } from './documents/document.repository.ts'
import { createMessageRepository } from '../messages/simulation-messages.repository.ts'
import { createPropertyRepository } from './property/property.repository.ts'
import { createProcessListRepository } from './process-list.repository.ts'
import { createProcessRepository } from './process.repository.ts'

/**
 * The repositories of the process groups (Processes, ProcessesBorrower, ProcessesDocument,
 * ProcessesProperty, ProcessesMessage), their statements prepared once on the app's connection:
 * `deps.processes` in AppDeps. The services are functions of AppDeps (process-*.ts).
 */
export function createProcessStore(db: Db) {
  return {
    processes: createProcessRepository(db),
    lists: createProcessListRepository(db),
    borrowers: createBorrowerRepository(db),
    documents: createDocumentRepository(db),
    properties: createPropertyRepository(db),
    messages: createMessageRepository(db, 'process'),
  }
}

export type ProcessStore = ReturnType<typeof createProcessStore>
