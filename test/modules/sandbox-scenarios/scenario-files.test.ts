import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSandbox } from '../../../src/app/composition-root.ts'
import { testConfig } from '../../../src/platform/config.ts'
import { prepareDatabase } from '../../../src/app/database-setup.ts'
import { fromRoot } from '../../../src/platform/package-root.ts'
import { scenarioJsonSchema } from '../../../src/modules/sandbox-scenarios/scenario-json-schema.ts'
import { loadScenarios, ScenarioFileError } from '../../../src/modules/sandbox-scenarios/scenario-loader.ts'
import { tempDir } from '../../support/temp-dir.ts'

const SHIPPED = fromRoot('scenarios')
const folderWith = (files: Record<string, string>) => {
  const dir = tempDir('scenarios')
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
  return dir
}
const validScenario = {
  name: 'my-slow-bank',
  description: { 'pt-PT': 'Lento', en: 'Slow' },
  effects: [{ type: 'latency', ms: 10 }],
}

describe('scenario files', () => {
  it('ships at least the ten built-in scenarios partners rely on', () => {
    const names = loadScenarios([SHIPPED]).map((s) => s.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'simulation-not-eligible',
        'simulation-completed',
        'process-approved',
        'process-rejected',
        'bank-message',
        'server-error',
        'service-unavailable',
        'slow-response',
        'rate-limited',
        'token-expired',
      ]),
    )
  })

  it('loads a partner folder after the shipped one, in JSON or YAML, overriding by name', () => {
    const dir = folderWith({
      'mine.json': JSON.stringify(validScenario),
      'override.yaml': 'name: server-error\ndescription: { pt-PT: Mais lento, en: Slower }\neffects:\n  - type: httpError\n    status: 503\n',
    })
    const scenarios = loadScenarios([SHIPPED, dir])
    expect(scenarios.find((s) => s.name === 'my-slow-bank')?.triggers).toEqual({ header: true, magicValues: [] })
    expect(scenarios.find((s) => s.name === 'server-error')?.effects).toEqual([{ type: 'httpError', status: 503 }])
  })

  it.each([
    ['an unknown effect', { ...validScenario, effects: [{ type: 'explode' }] }, /broken\.json is invalid: effects\.0/],
    ['a name that is not kebab-case', { ...validScenario, name: 'My Scenario' }, /broken\.json is invalid: name/],
    ['a field the format does not have', { ...validScenario, colour: 'red' }, /broken\.json is invalid/],
    ['no effects', { ...validScenario, effects: [] }, /broken\.json is invalid: effects/],
  ])('refuses %s naming the file and the field', (_, content, message) => {
    const dir = folderWith({ 'broken.json': JSON.stringify(content) })
    expect(() => loadScenarios([dir])).toThrow(ScenarioFileError)
    expect(() => loadScenarios([dir])).toThrow(message)
  })

  it('refuses a file that is not JSON, naming it', () => {
    const dir = folderWith({ 'broken.json': '{ "name": ' })
    expect(() => loadScenarios([dir])).toThrow(/broken\.json cannot be read/)
  })

  it('a broken scenario folder stops the app from being built', () => {
    const dir = folderWith({ 'broken.json': '{}' })
    const { db } = prepareDatabase(':memory:')
    expect(() => buildSandbox({ config: testConfig({ scenariosDir: dir }), db })).toThrow(/broken\.json is invalid/)
  })

  it('a broken scenario file stops the server start with a message naming the file', () => {
    const dir = folderWith({ 'typo.json': JSON.stringify({ ...validScenario, effects: [{ type: 'latency' }] }) })
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      env: { ...process.env, SANDBOX_DB: ':memory:', PORT: '0', SANDBOX_SCENARIOS_DIR: dir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/typo\.json is invalid: effects\.0\.ms/)
  })

  it('the committed JSON Schema of the format is up to date (npm run scenario-schema)', () => {
    expect(JSON.parse(readFileSync(join(SHIPPED, 'scenario.schema.json'), 'utf8'))).toEqual(scenarioJsonSchema())
  })
})
