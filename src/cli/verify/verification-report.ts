import { MESSAGE_FAILURE, type StateFailure } from './provider-state-bridge.ts'

/** One difference the Pact verifier found between the pact and the sandbox's answer. */
export interface PactMismatch {
  type: string
  mismatch?: string
  path?: string
  key?: string
}

export interface PactError {
  interaction: string
  mismatch: { type: 'mismatches'; mismatches: PactMismatch[] } | { type: 'error'; message: string }
}

/** The results JSON of the Pact verifier (pact-core's verifier output). */
export interface VerificationResults {
  result: boolean
  errors: PactError[]
  pendingErrors?: PactError[]
  interactionResults?: Array<{ description: string; duration?: string; result: string }>
}

/** The verifier resolves with its results as JSON and rejects with them as the error message; anything else is a crash. */
export function parseVerifierResults(value: unknown): VerificationResults | null {
  const text = value instanceof Error ? value.message : value
  if (typeof text !== 'string') return null
  try {
    const parsed = JSON.parse(text) as VerificationResults
    return typeof parsed === 'object' && parsed !== null && Array.isArray(parsed.errors) ? parsed : null
  } catch {
    return null
  }
}

export interface ReportInput {
  version: string
  sources: string[]
  results: VerificationResults | null
  /** Why the verification could not run at all (bad pact file, broker unreachable). */
  fatal?: string
  stateFailures: readonly StateFailure[]
  startupMs: number
  verificationMs: number
}

const MAX_LINE = 400
const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}…` : flat
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** "Verifying a pact between C and P Given S - D" → `C → P: "D" (given S)`. */
export function interactionLabel(interaction: string): string {
  const match = /^Verifying a pact between (.+?) and (.+?)(?: Given (.+?))? - (.+)$/s.exec(interaction)
  if (!match) return interaction
  const [, consumer, provider, states, description] = match
  return `${consumer} → ${provider}: "${description}"${states ? ` (given ${states})` : ''}`
}

/**
 * The state failures of each error: by the interaction's position in the run when the verifier
 * lists its results in order (the bridge counts interactions the same way), else by state name.
 */
function stateFailuresOf(errors: readonly PactError[], results: VerificationResults, stateFailures: readonly StateFailure[]): StateFailure[][] {
  const descriptions = results.interactionResults?.map((r) => r.description)
  let from = 0
  return errors.map((error) => {
    const index = descriptions?.findIndex((d, i) => i >= from && error.interaction.endsWith(` - ${d}`)) ?? -1
    if (index < 0) return stateFailures.filter((f) => error.interaction.includes(f.state))
    from = index + 1
    return stateFailures.filter((f) => f.interaction === index)
  })
}

function reasons(error: PactError, failures: readonly StateFailure[]): string[] {
  const states = [...new Set(failures.map((f) => f.message))]
  // A notification the sandbox could not make: why is the whole story (the verifier only saw a refusal).
  if (failures.some((f) => f.state === MESSAGE_FAILURE)) return states
  if (error.mismatch.type === 'error') return [...states, clip(error.mismatch.message)]
  const mismatches = error.mismatch.mismatches.map((m) => {
    const where = m.type === 'StatusMismatch' ? 'status' : m.type === 'HeaderMismatch' ? `header ${m.key ?? ''}` : m.type.startsWith('Body') ? `body ${m.path ?? ''}` : m.type
    return clip(`${where.trim()}: ${m.mismatch ?? m.type}`)
  })
  return [...states, ...mismatches]
}

function section(title: string, errors: readonly PactError[], failures: readonly StateFailure[][]): string[] {
  if (errors.length === 0) return []
  const lines = ['', title]
  errors.forEach((error, index) => {
    lines.push(`  ${index + 1}) ${interactionLabel(error.interaction)}`)
    for (const reason of reasons(error, failures[index] ?? [])) lines.push(`       - ${reason}`)
  })
  return lines
}

/** The readable report of a verification: each failing interaction and why, then the figures. */
export function formatVerificationReport(input: ReportInput): string {
  const { results } = input
  const lines = ['', `Pact verification against mortgage-sandbox ${input.version} (in-process, a fresh throwaway database per interaction)`, `Pacts: ${input.sources.join(', ')}`]
  if (!results) {
    lines.push(`Result: ERROR: the verification could not run: ${clip(input.fatal ?? 'unknown error')}`)
    return lines.join('\n') + '\n'
  }
  const total = results.interactionResults?.length ?? 0
  const failed = results.errors.length
  const outcome =
    failed === 0
      ? `PASSED: ${total} interaction(s) verified`
      : failed <= total
        ? `FAILED: ${failed} of ${total} interaction(s) failed`
        : `FAILED: ${failed} error(s), ${total} interaction(s) verified`
  lines.push(`Result: ${outcome}`)
  const pending = results.pendingErrors ?? []
  lines.push(...section('Failed interactions:', results.errors, stateFailuresOf(results.errors, results, input.stateFailures)))
  lines.push(...section('Pending interactions that failed (not failing the build):', pending, stateFailuresOf(pending, results, input.stateFailures)))
  lines.push('', `Verification time: ${seconds(input.verificationMs)} for ${total} interaction(s) (sandbox start ${seconds(input.startupMs)})`)
  return lines.join('\n') + '\n'
}
