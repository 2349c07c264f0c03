// Prints, per module, the names its door exports and the names other modules import from it, and the
// names crossing doors in all: distinct (importing module, imported name) pairs, a file outside src/modules/
// counting as a module of its own (docs/architecture.md "Modules").
import { readRepo } from '../test/support/import-graph.ts'
import { DOOR_CEILING, doorWidths, namesCrossingDoors } from '../test/support/module-anatomy.ts'
import { fromRoot } from '../src/platform/package-root.ts'

// Another checkout may be measured with the same rules: `npx tsx scripts/door-report.ts ../other-checkout`.
const repo = readRepo(process.argv[2] ?? fromRoot('.'))
const widths = doorWidths(repo)
const crossing = namesCrossingDoors(repo)
const rows = Object.keys(widths).map((module) => [module, String(widths[module]), String(crossing.byDoor[module] ?? 0)])
const width = Math.max(...rows.map(([module]) => module!.length), 'module'.length)
process.stdout.write(`${'module'.padEnd(width)}  exports  imported by others\n`)
for (const [module, exported, imported] of rows) {
  process.stdout.write(`${module!.padEnd(width)}  ${exported!.padStart(7)}${Number(exported) > DOOR_CEILING ? '!' : ' '}  ${imported!.padStart(18)}\n`)
}
process.stdout.write(`\nnames crossing doors (distinct importing module, imported name): ${crossing.pairs}\n`)
process.stdout.write(`doors wider than ${DOOR_CEILING} are marked !\n`)
