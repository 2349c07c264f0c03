// The JSON guard's structure check alone, in-process: before, JSON.parse then the walk of the parsed
// value; now, the scan of the text (refused as soon as it nests past the limit; counted, then read by
// JSON's grammar past the values limit), then JSON.parse only for a body within the limits. Bodies: a
// Simulation Create (the example, about 2 KB: what every ordinary request pays), the 60,000 unknown
// keys of the fair-share bench, a 400,000-deep array (800 KB) and 1 MB of empty arrays (what refused
// ones cost). Rounds alternate before / now; medians in µs a body printed, and the longest slice of
// the scan apart (the loop runs other requests between two; CPU time, so a busy machine's preemption
// is not counted).
// Usage: npx tsx bench/json-text-structure.ts [rounds=7]
import { jsonStructureProblem } from '../src/http/body/json-structure.ts'
import { jsonTextScan } from '../src/http/body/json-text-structure.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../src/modules/simulations/simulation-input.schemas.ts'

const ROUNDS = Number(process.argv[2] ?? 7)
const bodies = {
  'Create (example)': JSON.stringify(SIMULATION_INPUT_EXAMPLE, null, 2),
  '60,000 unknown keys': JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i.toString(36).padStart(6, '0')}`, 1]))),
  '400,000 levels deep': '['.repeat(400_000) + ']'.repeat(400_000),
  '1 MB of empty arrays': `[${Array.from({ length: 330_000 }, () => '[]').join(',')}]`,
}

const before = (text: string) => jsonStructureProblem(JSON.parse(text))
const now = (text: string) => {
  const scan = jsonTextScan(text)
  let step = scan.next()
  while (!step.done) step = scan.next()
  const structure = step.value
  if (structure === 'within' || structure === 'walk') {
    const parsed = JSON.parse(text)
    return structure === 'walk' ? jsonStructureProblem(parsed) : null
  }
  return structure
}

/** The longest step of the scan, in ms of CPU time (the loop runs other requests between two). */
function longestSlice(text: string): number {
  let longest = 0
  const scan = jsonTextScan(text)
  for (;;) {
    const start = process.cpuUsage()
    const step = scan.next()
    const used = process.cpuUsage(start)
    longest = Math.max(longest, (used.user + used.system) / 1000)
    if (step.done) return longest
  }
}

/** µs a call, over as many calls as fit in about 200 ms. */
function timed(check: (text: string) => unknown, text: string): number {
  const calls = Math.max(3, Math.round(200_000 / Math.max(1, text.length / 50)))
  const start = process.hrtime.bigint()
  for (let i = 0; i < calls; i++) check(text)
  return Number(process.hrtime.bigint() - start) / 1000 / calls
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
for (const [name, text] of Object.entries(bodies)) {
  const samples = { before: [] as number[], now: [] as number[], longest: [] as number[] }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternated, so a noisy neighbour weighs on both alike.
    if (round % 2) (samples.now.push(timed(now, text)), samples.before.push(timed(before, text)))
    else (samples.before.push(timed(before, text)), samples.now.push(timed(now, text)))
    samples.longest.push(longestSlice(text))
  }
  const b = median(samples.before)
  const n = median(samples.now)
  console.log(
    `${name} (${text.length} characters): before ${b.toFixed(1)} µs, now ${n.toFixed(1)} µs (${(n / b).toFixed(2)}x), longest slice ${median(samples.longest).toFixed(2)} ms`,
  )
}
