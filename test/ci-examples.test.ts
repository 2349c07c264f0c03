import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser'
import { ErrorPolicy } from '@actions/workflow-parser/model/convert'
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { CERTIFY_OPTIONS } from '../src/cli/commands/certify.ts'
import { runVerify } from '../src/cli/verify/verify-command.ts'
import { VERIFY_OPTIONS } from '../src/cli/verify/verify-options.ts'
import { createTestSandbox } from './support/test-app.ts'
import { tempDir } from './support/temp-dir.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const EXAMPLES = 'docs/ci-examples'
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const yamlFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => `${dir}/${name}`)

const githubWorkflows = [...yamlFiles('.github/workflows'), ...yamlFiles(EXAMPLES).filter((path) => path.includes('github-actions'))]
const gitlabFiles = yamlFiles(EXAMPLES).filter((path) => path.includes('gitlab'))

/**
 * Every problem GitHub's own workflow parser (the one behind the Actions editor and the runner's
 * validation) finds in a workflow: schema (keys, types, events), expressions and the contexts each
 * key may use, then the conversion to the job graph (needs, matrix, …).
 */
async function workflowErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter())
  if (!parsed.value) return parsed.context.errors.getErrors().map((error) => error.message)
  // Converted even past the first errors: conditions (`if`) are checked only there.
  const template = await convertWorkflowTemplate(parsed.context, parsed.value, undefined, { errorPolicy: ErrorPolicy.TryConversion })
  return [...new Set((template.errors ?? []).map((error) => error.Message))]
}

// GitLab's keywords that are not jobs (https://docs.gitlab.com/ci/yaml/): everything else at the top is a job.
const GITLAB_GLOBAL_KEYS = new Set(['default', 'include', 'stages', 'variables', 'workflow', 'image', 'services', 'cache', 'before_script', 'after_script'])
const GITLAB_JOB_KEYS = new Set([
  'after_script',
  'allow_failure',
  'artifacts',
  'before_script',
  'cache',
  'coverage',
  'dependencies',
  'environment',
  'extends',
  'id_tokens',
  'image',
  'inherit',
  'interruptible',
  'needs',
  'parallel',
  'release',
  'resource_group',
  'retry',
  'rules',
  'script',
  'secrets',
  'services',
  'stage',
  'tags',
  'timeout',
  'trigger',
  'variables',
  'when',
])

/** The structure GitLab requires of a pipeline file, as far as it can be checked without GitLab. */
function gitlabErrors(content: string): string[] {
  let doc: unknown
  try {
    doc = parseYaml(content)
  } catch (error) {
    return [`not YAML: ${(error as Error).message}`]
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return ['not a mapping of keywords and jobs']
  const root = doc as Record<string, unknown>
  const errors: string[] = []
  const stages = Array.isArray(root.stages) ? (root.stages as unknown[]) : ['build', 'test', 'deploy']
  const jobs = Object.entries(root).filter(([name]) => !GITLAB_GLOBAL_KEYS.has(name) && !name.startsWith('.'))
  if (jobs.length === 0) errors.push('no job')
  for (const [name, job] of jobs) {
    if (typeof job !== 'object' || job === null || Array.isArray(job)) {
      errors.push(`${name}: not a job (a mapping)`)
      continue
    }
    const j = job as Record<string, unknown>
    for (const key of Object.keys(j)) if (!GITLAB_JOB_KEYS.has(key)) errors.push(`${name}: unknown job keyword "${key}"`)
    if (!Array.isArray(j.script) || j.script.length === 0 || !j.script.every((line) => typeof line === 'string')) errors.push(`${name}: script must be a list of commands`)
    const image = j.image ?? root.image ?? (root.default as Record<string, unknown> | undefined)?.image
    if (!(typeof image === 'string' || (typeof image === 'object' && image !== null && typeof (image as { name?: unknown }).name === 'string'))) errors.push(`${name}: no image`)
    if (j.stage !== undefined && !stages.includes(j.stage)) errors.push(`${name}: stage "${String(j.stage)}" is not in stages`)
    for (const need of (j.needs as unknown[] | undefined) ?? []) {
      const needed = typeof need === 'string' ? need : (need as { job?: string }).job
      if (!jobs.some(([other]) => other === needed)) errors.push(`${name}: needs "${String(needed)}", which is no job`)
    }
  }
  return errors
}

/** The shell commands of a GitHub workflow's `run` steps or a GitLab file's scripts, backslash-continued lines joined. */
function shellCommands(content: string): string[] {
  const scripts: string[] = []
  const visit = (node: unknown, key?: string): void => {
    if (typeof node === 'string' && (key === 'run' || key === 'script')) scripts.push(node)
    else if (Array.isArray(node)) node.forEach((item) => visit(item, key === 'script' ? 'script' : undefined))
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) visit(v, k)
  }
  visit(parseYaml(content))
  return scripts.flatMap((script) => script.replace(/\\\n\s*/g, ' ').split('\n'))
}

/** The flags of every `verify` (or another) command the sandbox image runs, whatever the example calls it by. */
function verifyFlags(content: string, command = 'verify'): string[][] {
  return shellCommands(content)
    .map((line) => new RegExp(`(?:mortgage-sandbox|"\\$SANDBOX_IMAGE"|dist\\/cli\\.js)\\s+${command}\\b(.*)$`).exec(line)?.[1])
    .filter((rest): rest is string => rest !== undefined)
    .map((rest) => [...rest.replace(/"[^"]*"|'[^']*'/g, '""').matchAll(/(?:^|\s)(--?[\w-]+)/g)].map((m) => m[1]!))
}

const CLI_FLAGS = new Set(Object.entries(VERIFY_OPTIONS).flatMap(([name, option]) => [`--${name}`, ...('short' in option ? [`-${option.short}`] : [])]))
const unknownFlags = (content: string) =>
  verifyFlags(content)
    .flat()
    .filter((flag) => !CLI_FLAGS.has(flag))
const CERTIFY_FLAGS = new Set(Object.entries(CERTIFY_OPTIONS).flatMap(([name, option]) => [`--${name}`, ...('short' in option ? [`-${option.short}`] : [])]))

describe('the GitHub Actions workflows (this repository and the partners examples), linted by @actions/workflow-parser', () => {
  it('finds the release workflow and both GitHub examples', () => {
    expect(githubWorkflows).toEqual(
      expect.arrayContaining(['.github/workflows/release.yml', `${EXAMPLES}/github-actions-pact-files.yml`, `${EXAMPLES}/github-actions-pact-broker.yml`]),
    )
  })

  it.each(githubWorkflows)('%s has no error', async (path) => {
    expect(await workflowErrors(path, read(path))).toEqual([])
  })

  it('reports the errors of a broken workflow', async () => {
    const broken = [
      'on: pushh',
      'jobs:',
      '  verify:',
      '    needs: build',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: docker run sandbox verify --pact ${{ github.workspace }/pacts',
      "      - if: secrets.TOKEN != ''",
      '        run: echo token',
      '    step:',
      '      - run: echo misspelled',
    ].join('\n')
    const errors = await workflowErrors('broken.yml', broken)
    expect(errors.join('\n')).toMatch(/Unexpected value 'pushh'/)
    expect(errors.join('\n')).toMatch(/Unexpected value 'step'/)
    expect(errors.join('\n')).toMatch(/expression is not closed/)
    expect(errors.join('\n')).toMatch(/Unrecognized named-value: 'secrets'/)
    // The job graph is checked too: here no job can start.
    const dangling = await workflowErrors('dangling.yml', 'on: push\njobs:\n  verify:\n    needs: build\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n')
    expect(dangling).toEqual([expect.stringMatching(/at least one job with no dependencies/)])
  })
})

describe('docs/certification.md', () => {
  it('quotes the certify steps of the examples as they are', () => {
    const snippets = [...read('docs/certification.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(snippets).toHaveLength(2)
    const examples = yamlFiles(EXAMPLES).map((path) =>
      read(path)
        .split('\n')
        .map((line) => line.trim())
        .join('\n'),
    )
    for (const snippet of snippets) {
      const lines = snippet
        .trim()
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
      expect(
        examples.some((example) => example.includes(lines)),
        snippet,
      ).toBe(true)
    }
  })
})

describe('docs/contract-testing.md', () => {
  it('links every example, and quotes their steps as they are', () => {
    const doc = read('docs/contract-testing.md')
    for (const path of yamlFiles(EXAMPLES)) expect(doc).toContain(`](${path.replace('docs/', '')})`)
    const snippets = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(snippets.length).toBeGreaterThan(0)
    const examples = yamlFiles(EXAMPLES).map((path) =>
      read(path)
        .split('\n')
        .map((line) => line.trim())
        .join('\n'),
    )
    for (const snippet of snippets) {
      const lines = snippet
        .trim()
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
      expect(
        examples.some((example) => example.includes(lines)),
        snippet,
      ).toBe(true)
    }
  })
})

describe('the GitLab CI example', () => {
  it('exists', () => {
    expect(gitlabFiles).toEqual([`${EXAMPLES}/gitlab-ci-pact.yml`])
  })

  it.each(gitlabFiles)('%s parses, and every job has an image, a script, a known stage and existing needs', (path) => {
    expect(gitlabErrors(read(path))).toEqual([])
  })

  it('reports the errors of a broken pipeline', () => {
    const broken = 'stages: [test]\nverify:\n  stage: verfiy\n  needs: [consumer]\n  scripts:\n    - echo hi\n'
    expect(gitlabErrors(broken)).toEqual([
      'verify: unknown job keyword "scripts"',
      'verify: script must be a list of commands',
      'verify: no image',
      'verify: stage "verfiy" is not in stages',
      'verify: needs "consumer", which is no job',
    ])
    expect(gitlabErrors('verify: [unclosed')[0]).toMatch(/^not YAML/)
  })
})

describe('the examples call `mortgage-sandbox verify` with flags it takes', () => {
  const examples = yamlFiles(EXAMPLES)

  it.each(examples)("%s: each verify command uses only the CLI's options", (path) => {
    const commands = verifyFlags(read(path))
    expect(commands.length).toBeGreaterThan(0)
    expect(unknownFlags(read(path))).toEqual([])
  })

  it("the broker examples publish under the sandbox's own version: no --provider-version of their own", () => {
    for (const path of examples.filter((p) => /broker|gitlab/.test(p))) {
      const flags = verifyFlags(read(path)).flat()
      expect(flags, path).toContain('--publish')
      expect(flags, path).not.toContain('--provider-version')
    }
  })

  it.each(examples.filter((p) => /pact-files|gitlab/.test(p)))('%s: its certify command uses only the options certify takes', (path) => {
    const commands = verifyFlags(read(path), 'certify')
    expect(commands).toHaveLength(1)
    expect(commands[0]).toEqual(['--url', '--username', '--password', '--checks', '--report'])
    expect(commands.flat().filter((flag) => !CERTIFY_FLAGS.has(flag))).toEqual([])
  })

  it('a renamed or misspelled flag is caught', () => {
    const run =
      'jobs:\n  v:\n    steps:\n      - run: |\n          docker run --rm "$SANDBOX_IMAGE" verify \\\n            --pact /pacts --broker-url "$URL" --provider-versions 1 -x\n'
    expect(verifyFlags(run)).toEqual([['--pact', '--broker-url', '--provider-versions', '-x']])
    expect(unknownFlags(run)).toEqual(['--provider-versions', '-x'])
  })

  it('`mortgage-sandbox version`, which the broker examples record, answers what /v1/health/version answers', async () => {
    const s = await createTestSandbox()
    const version = await (await s.request('/v1/health/version')).text()
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'version'], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 })
    expect(cli.status).toBe(0)
    expect(cli.stdout).toBe(`${version}\n`)
  })
})

/** The arguments of each `verify` an example runs on pact files (not --static, not from a broker), as the shell splits them. */
function fileVerifications(content: string): string[][] {
  return shellCommands(content)
    .map((line) => /(?:mortgage-sandbox|"\$SANDBOX_IMAGE"|dist\/cli\.js)\s+verify\b(.*)$/.exec(line)?.[1])
    .filter((rest): rest is string => rest !== undefined)
    .map((rest) => [...rest.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!))
    .filter((args) => !args.includes('--static') && !args.includes('--broker-url'))
}

describe('the examples verify message pacts too', () => {
  it("publish every pact of the folder the consumer tests write, the webhook handler's messages with the client's", () => {
    for (const path of yamlFiles(EXAMPLES).filter((p) => /broker|gitlab/.test(p))) {
      expect(
        shellCommands(read(path)).some((line) => /\$PACT_CLI publish pacts\b/.test(line)),
        path,
      ).toBe(true)
    }
  })

  // One real verification of the folder every file example reads: the reference client's HTTP pact and its webhook handler's message pact.
  it("run verify on the folder the consumer tests write, which verifies the webhook handler's message pacts beside the HTTP ones", { timeout: 120_000 }, async () => {
    const flagSets = new Set<string>()
    for (const path of yamlFiles(EXAMPLES).filter((p) => /pact-files|gitlab/.test(p))) {
      const runs = fileVerifications(read(path))
      expect(runs, path).toHaveLength(1)
      const args = runs[0]!
      const folder = args[args.indexOf('--pact') + 1]!
      // ./pacts of the consumer step, mounted as /pacts or read in the job's checkout.
      expect(folder, path).toMatch(/(^|\/)pacts$/)
      flagSets.add(JSON.stringify(args.map((arg) => (arg === folder ? '<pacts>' : arg))))
    }
    const pacts = tempDir('ci-example-pacts')
    cpSync(join(ROOT, 'contracts', 'pacts'), pacts, { recursive: true })
    const files = readdirSync(pacts).map((name) => JSON.parse(readFileSync(join(pacts, name), 'utf8')) as { interactions?: unknown[]; messages?: unknown[] })
    const messages = files.reduce((n, f) => n + (f.messages?.length ?? 0), 0)
    const all = files.reduce((n, f) => n + (f.interactions?.length ?? 0) + (f.messages?.length ?? 0), 0)
    expect(messages).toBeGreaterThanOrEqual(12)
    for (const flags of flagSets) {
      let out = ''
      const code = await runVerify(
        (JSON.parse(flags) as string[]).map((arg) => (arg === '<pacts>' ? pacts : arg)),
        { out: (text) => void (out += text), err: (text) => void (out += text) },
      )
      expect(out).toContain(`Result: PASSED: ${all} interaction(s) verified`)
      expect(code).toBe(0)
    }
  })
})
