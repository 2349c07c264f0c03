export * from './state-machine.ts'
export * from './simulation-workflow.ts'
export * from './process-workflow.ts'
