import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runVerify } from '../../../../src/cli/verify/verify-command.ts'
import { tempDir } from '../../../support/temp-dir.ts'

export const PARTNER_A = '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60'
export const PARTNER_B = 'c2f9e8d7-6a5b-4c3d-8e2f-1a0b9c8d7e6f'

/** Any token: verification replaces it with one the sandbox issues for the state's partner. */
export const ANY_TOKEN = { Authorization: 'Bearer a-token-the-sandbox-replaces' }

export interface PactInteraction {
  description: string
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>
  request: Record<string, unknown>
  response: Record<string, unknown>
}

/** Writes a pact in the Pact JSON format (specification 3.0.0) to a fresh folder; returns its path. */
export function writePact(name: string, interactions: PactInteraction[]): string {
  const file = join(tempDir('sandbox-pact'), `${name}.json`)
  const pact = {
    consumer: { name },
    provider: { name: 'mortgage-partner-portal' },
    interactions,
    metadata: { pactSpecification: { version: '3.0.0' } },
  }
  writeFileSync(file, JSON.stringify(pact, null, 2))
  return file
}

/** Runs `mortgage-sandbox verify` with these arguments, capturing what it prints. */
export async function verify(...args: string[]) {
  let out = ''
  let err = ''
  const code = await runVerify(args, { out: (text) => void (out += text), err: (text) => void (err += text) })
  return { code, out, err }
}

/** A type matcher (V3 matching rules) for each dotted path of the body. */
export const typeRules = (...paths: string[]) => Object.fromEntries(paths.map((p) => [`$.${p}`, { matchers: [{ match: 'type' }] }]))
