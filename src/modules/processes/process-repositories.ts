import type { Db } from '../../db/connection.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { createBorrowerRepository } from './borrowers/borrowers.repository.ts'
import { createDocumentRepository } from './documents/documents.repository.ts'
import { createPropertyRepository } from './property/property.repository.ts'
import { createProcessListRepository } from './process-list.repository.ts'
import { createProcessPartsRepository } from './process-parts.repository.ts'
import { createProcessRepository } from './processes.repository.ts'

/**
 * The tables of a process and its parts (process, its status history, borrowers, documents and
 * their content, property), one repository each, their statements prepared once. The processes
 * module owns them all: a borrower, a document or a property exists only inside its process.
 */
export function createProcessRepositories(db: Db, writes: Pick<Transactions, 'beforeCommit'>) {
  return {
    processes: createProcessRepository(db, writes),
    lists: createProcessListRepository(db),
    borrowers: createBorrowerRepository(db),
    documents: createDocumentRepository(db),
    properties: createPropertyRepository(db),
    parts: createProcessPartsRepository(db),
  }
}

export type ProcessRepositories = ReturnType<typeof createProcessRepositories>
