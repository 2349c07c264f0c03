import { SwaggerMockValidatorFactory, type ValidationResult } from '@pactflow/swagger-mock-validator'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, isAbsolute, join, relative } from 'node:path'
import type { VerifyOptions } from './verify-options.ts'

const isUrl = (source: string) => /^https?:\/\//i.test(source)
/** A path as the user would type it: relative to the working folder when inside it. */
const shown = (path: string) => (isUrl(path) || !isAbsolute(path) || relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path))

/** The pact files a source names: a URL or a file as is, a folder's *.json files. */
export function expandPactSources(sources: readonly string[]): string[] {
  return sources.flatMap((source) => {
    if (isUrl(source)) return [source]
    if (statSync(source, { throwIfNoEntry: false })?.isDirectory()) {
      return readdirSync(source)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(source, f))
    }
    return [source]
  })
}

function describe(result: ValidationResult): string {
  const mock = result.mockDetails
  const interaction = mock?.interactionDescription ? `"${mock.interactionDescription}"` : '(pact)'
  const state = mock?.interactionState && mock.interactionState !== '[none]' ? ` (given ${mock.interactionState})` : ''
  const where = mock?.location ? ` [${mock.location}]` : ''
  return `${interaction}${state}: ${result.code}: ${result.message}${where}`
}

/**
 * A local pact as the OpenAPI check can read it: its HTTP interactions only. Message interactions
 * (notifications) have no HTTP request to check: a pact of messages alone is skipped (undefined),
 * a V4 pact that mixes both is checked from a copy without its messages. Others are read as they are.
 */
function httpPartOf(path: string): string | undefined {
  if (/^https?:\/\//i.test(path)) return path
  let pact: Record<string, any>
  try {
    pact = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>
  } catch {
    return path
  }
  const interactions: Array<Record<string, any>> = Array.isArray(pact.interactions) ? pact.interactions : []
  const http = interactions.filter((i) => i.type === undefined || i.type === 'Synchronous/HTTP')
  if (http.length === 0 && (Array.isArray(pact.messages) || interactions.length > 0)) return undefined
  if (http.length === interactions.length) return path
  const copy = join(tmpdir(), `http-part-${process.pid}-${Date.now()}-${basename(path)}`)
  writeFileSync(copy, JSON.stringify({ ...pact, interactions: http }))
  return copy
}

export interface StaticCheckOutcome {
  ok: boolean
  report: string
}

/**
 * Checks each pact against the OpenAPI document with swagger-mock-validator: paths, methods,
 * request bodies, parameters and headers, response statuses and bodies (no additional properties).
 * No sandbox runs, so it is fast; provider states are not exercised.
 */
export async function staticCheck(
  options: Pick<VerifyOptions, 'pacts' | 'spec' | 'brokerUrl' | 'brokerToken' | 'brokerUsername' | 'brokerPassword' | 'provider' | 'consumerVersionTags'>,
): Promise<StaticCheckOutcome> {
  const basic = options.brokerUsername && options.brokerPassword ? `${options.brokerUsername}:${options.brokerPassword}` : undefined
  const validator = SwaggerMockValidatorFactory.create(basic ?? options.brokerToken)
  const targets: Array<{ label: string; mockPathOrUrl: string; providerName?: string; tag?: string }> = expandPactSources(options.pacts).map((p) => ({
    label: p,
    mockPathOrUrl: p,
  }))
  if (options.brokerUrl) {
    const tag = options.consumerVersionTags[0]
    targets.push({ label: `${options.brokerUrl} (provider ${options.provider})`, mockPathOrUrl: options.brokerUrl, providerName: options.provider, ...(tag ? { tag } : {}) })
  }
  const lines = ['', 'Static check of the pacts against the OpenAPI document (swagger-mock-validator, no sandbox)', `Spec: ${shown(options.spec)}`]
  let problems = 0
  let failedPacts = 0
  let skipped = 0
  for (const target of targets) {
    const mock = target.providerName ? target.mockPathOrUrl : httpPartOf(target.mockPathOrUrl)
    if (mock === undefined) {
      skipped += 1
      lines.push(`  SKIP   ${target.label} (message interactions only: \`verify\` checks them against the sandbox, /asyncapi.json describes them)`)
      continue
    }
    try {
      const outcome = await validator.validate({
        specPathOrUrl: options.spec,
        mockPathOrUrl: mock,
        ...(target.providerName ? { providerName: target.providerName } : {}),
        ...(target.tag ? { tag: target.tag } : {}),
      })
      lines.push(`  ${outcome.success ? 'OK    ' : 'FAILED'} ${target.label}`)
      outcome.errors.forEach((e, i) => lines.push(`         ${i + 1}) ${describe(e)}`))
      outcome.warnings.forEach((w) => lines.push(`         warning: ${describe(w)}`))
      problems += outcome.errors.length
      if (!outcome.success) failedPacts += 1
    } catch (error) {
      failedPacts += 1
      problems += 1
      lines.push(`  FAILED ${target.label}`, `         ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  if (targets.length === 0) lines.push('  (no pacts found)')
  const ok = targets.length > 0 && failedPacts === 0
  const checked = targets.length - skipped
  lines.push(
    ok
      ? `Result: PASSED: ${checked} pact(s) match the OpenAPI document${skipped ? `, ${skipped} of messages only skipped` : ''}`
      : `Result: FAILED: ${problems} problem(s) in ${failedPacts} of ${checked} pact(s)`,
  )
  return { ok, report: lines.join('\n') + '\n' }
}
