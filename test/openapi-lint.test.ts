import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import { openApiDocuments } from '../src/app/openapi-document.ts'

/** Warnings of the recommended rules that stay, each with its reason. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // The sandbox is the bank's own, for its partners: no licence to give in the document.
  'info-license': 'no licence: the bank does not license the sandbox',
  // The committed copies name a sandbox on the partner's own machine; the served documents name the host they were asked on.
  'no-server-example.com #/servers/0/url': 'the local sandbox is on localhost',
  // Health and Version take no input and need no token: nothing for a 4xx to answer.
  'operation-4xx-response #/paths/~1v1~1health/get/responses': 'Health has no 4xx',
  'operation-4xx-response #/paths/~1v1~1health~1version/get/responses': 'Version has no 4xx',
  'operation-4xx-response #/paths/~1sandbox~1certification~1signing-key/get/responses': 'the signing key takes no input and needs no token',
}

describe('the OpenAPI document under a standard linter (Redocly, recommended rules)', () => {
  const documents = openApiDocuments()
  it.each(['bank', 'sandbox'] as const)("the %s's document has no error, and only the warnings we accept", async (name) => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source: JSON.stringify(documents[name]), absoluteRef: 'openapi.json', config })
    const describe = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([])
    const warnings = problems.filter((p) => p.severity === 'warn')
    const unexpected = warnings.filter((p) => !(p.ruleId in ACCEPTED_WARNINGS) && !(`${p.ruleId} ${p.location[0]?.pointer}` in ACCEPTED_WARNINGS))
    expect(unexpected.map(describe)).toEqual([])
  })
})
