export { createRetentionSweeper, BATCH_SIZE, type OlderThanDeletion, type RetentionSweeper } from './retention-sweeper.ts'
