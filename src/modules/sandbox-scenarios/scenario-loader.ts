import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ScenarioSchema, type Scenario } from './scenario.schemas.ts'

/** A scenario file that cannot be used: the start stops with this message. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError'
}

const SCENARIO_FILE = /\.(json|ya?ml)$/i

// The YAML parser is loaded only when a YAML scenario exists (the shipped ones are JSON): it is a
// sizeable part of a start otherwise. The name goes through a variable so the bundler leaves it out.
const YAML_PACKAGE = 'yaml'
const parseYaml = (text: string): unknown => (createRequire(import.meta.url)(YAML_PACKAGE) as { parse(text: string): unknown }).parse(text)

function readScenarioFile(file: string): Scenario {
  let raw: unknown
  try {
    const text = readFileSync(file, 'utf8')
    raw = /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text)
  } catch (error) {
    throw new ScenarioFileError(`Scenario file ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  const parsed = ScenarioSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
    throw new ScenarioFileError(`Scenario file ${file} is invalid: ${problems.join('; ')}`)
  }
  return parsed.data
}

/**
 * Reads every scenario file of the folders in order; a later folder's scenario replaces an
 * earlier one of the same name (a partner can override a shipped scenario). The JSON Schema
 * file that documents the format is skipped.
 * @throws ScenarioFileError naming the file and the problem.
 */
export function loadScenarios(dirs: string[]): Scenario[] {
  const byName = new Map<string, Scenario>()
  for (const dir of dirs) {
    let files: string[]
    try {
      if (!statSync(dir).isDirectory()) throw new Error('not a folder')
      files = readdirSync(dir)
        .filter((f) => SCENARIO_FILE.test(f) && !f.endsWith('.schema.json'))
        .sort()
    } catch (error) {
      throw new ScenarioFileError(`Scenario folder ${dir} cannot be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    for (const file of files) {
      const scenario = readScenarioFile(join(dir, file))
      byName.set(scenario.name, scenario)
    }
  }
  return [...byName.values()]
}
