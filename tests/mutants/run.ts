import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { equivalent } from './equivalent.ts'
import { otherTargets, parseMachine } from './transitions.ts'

/**
 * `npm run mutants [-- <machine>…] [--all-targets] [--match <text>]… [--keep]`: for every transition of every machine
 * in machines/, a mutant that sends it to another state and one that drops its guard, each run
 * against that machine's generated-path tests; a mutant is killed when a test fails. Everything runs
 * in a copy of the working tree (node_modules linked), so the checkout is never mutated and other
 * work in it is not disturbed. Mutants run one at a time: the tests start servers and Chromium.
 * A run that times out proves nothing (a busy machine is not a failing test): it is reported as timed
 * out, counted neither killed nor survived, and the run ends non-zero until it is re-run with --match.
 */

const root = fileURLToPath(new URL('../../', import.meta.url))
const args = process.argv.slice(2)
const allTargets = args.includes('--all-targets')
const keep = args.includes('--keep')
/** `--match <text>`, repeatable: only the mutants whose name holds one of the texts (to re-run survivors, with one baseline run). */
const matchesAt = args.flatMap((arg, index) => (arg === '--match' ? [index + 1] : []))
const matches = matchesAt.map((index) => args[index]!)
const only = args.filter((arg, index) => !arg.startsWith('--') && !matchesAt.includes(index))
const perRunMs = 5 * 60_000

interface Suite {
  readonly tests: ReadonlyArray<string>
  /** They drive the built client in Chromium: the mutant is built first. */
  readonly build?: boolean
  /** Longer than the default 5 minutes per build or test run, for a suite that takes that long on a busy machine. */
  readonly minutesPerRun?: number
}

/** The generated-path tests of each machine (by file name). */
const suites: Readonly<Record<string, Suite>> = {
  'homework-correction': { tests: ['tests/machines/homework-correction.test.ts'] },
  session: { tests: ['tests/machines/session.test.ts', 'tests/e2e/auth/session-model.test.ts'], build: true },
  outbox: { tests: ['tests/machines/outbox.test.ts'] },
  'exam-lifecycle': { tests: ['tests/machines/exam-lifecycle.test.ts'] },
  'exam-corrector': { tests: ['tests/machines/exam-corrector.test.ts'] },
  // Tens of paths, each a fresh exam in Chromium: over 5 minutes with other work on the machine.
  'take-exam': { tests: ['tests/e2e/exams/take-exam-model.test.ts'], build: true, minutesPerRun: 15 },
}
const suiteOf = (name: string): Suite => suites[name] ?? { tests: [`tests/machines/${name}.test.ts`] }

const started = Date.now()
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`

// The copy: sources only; the build output, databases and git metadata stay behind.
const copy = mkdtempSync(join(tmpdir(), 'fasl-mutants-'))
const skipped = new Set(['node_modules', '.git', 'dist', 'data', 'coverage'])
cpSync(root, copy, { recursive: true, filter: (source) => !skipped.has(relative(root, source).split('/')[0] ?? '') })
symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'))
const { DATABASE_URL: _postgres, ...inherited } = process.env
// Interrupted: the copy goes too (the mutant is only ever written there).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!keep) rmSync(copy, { recursive: true, force: true })
    process.exit(130)
  })

interface RunResult {
  readonly passed: boolean
  readonly timedOut: boolean
  readonly failure: string
}

/** Runs a command in the copy, in its own process group so a timeout ends all it started. */
const inCopy = (command: string, argv: ReadonlyArray<string>, timeoutMs: number) =>
  new Promise<{ code: number | null; timedOut: boolean; output: string }>((resolve) => {
    const child = spawn(command, argv, { cwd: copy, env: { ...inherited, FORCE_COLOR: '0' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let timedOut = false
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => {
      timedOut = true
      process.kill(-child.pid!, 'SIGKILL')
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, timedOut, output })
    })
  })

interface JsonReport {
  readonly testResults?: ReadonlyArray<{
    readonly message?: string
    readonly assertionResults?: ReadonlyArray<{ readonly status: string; readonly title: string; readonly failureMessages?: ReadonlyArray<string> }>
  }>
}

/** The first failing test's name, or the file-level error, from vitest's JSON report. */
const firstFailure = (file: string, output: string): string => {
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport
    for (const result of report.testResults ?? []) {
      const failed = result.assertionResults?.find((assertion) => assertion.status === 'failed')
      // The message's first line first: a test's own timeout and a failed check read differently.
      if (failed) return `${failed.failureMessages?.[0]?.split('\n')[0] ?? '(no message)'} — in: ${failed.title}`
      if (result.message) return result.message.split('\n')[0]!
    }
  }
  return output.trim().split('\n').at(-1) ?? '(no output)'
}

const runTests = async (suite: Suite): Promise<RunResult> => {
  const timeoutMs = (suite.minutesPerRun ?? 0) * 60_000 || perRunMs
  if (suite.build) {
    const build = await inCopy(join(copy, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], timeoutMs)
    if (build.code !== 0) return { passed: false, timedOut: build.timedOut, failure: `build failed: ${build.output.trim().split('\n')[0]}` }
  }
  const report = join(copy, 'mutant-report.json')
  rmSync(report, { force: true })
  const run = await inCopy(join(copy, 'node_modules/.bin/vitest'), ['run', '--bail=1', '--reporter=json', `--outputFile=${report}`, ...suite.tests], timeoutMs)
  return { passed: run.code === 0, timedOut: run.timedOut, failure: run.timedOut ? `timed out after ${seconds(timeoutMs)}` : firstFailure(report, run.output) }
}

const machineFiles = readdirSync(join(root, 'machines'))
  .filter((file) => file.endsWith('.machine.ts'))
  .map((file) => file.replace(/\.machine\.ts$/, ''))
  .filter((name) => only.length === 0 || only.includes(name))

let total = 0
let killed = 0
const survivors: string[] = []
const timedOut: string[] = []
const equivalents: string[] = []
try {
  for (const name of machineFiles) {
    const path = join(copy, 'machines', `${name}.machine.ts`)
    const original = readFileSync(path, 'utf8')
    const machine = parseMachine(path, original)
    const suite = suiteOf(name)
    const mutants = machine.transitions
      .flatMap((transition) => [
        ...otherTargets(machine, transition, allTargets).map((target) => ({
          name: `${transition.name}: target → ${target}`,
          text: transition.withTarget(target),
        })),
        ...(transition.withoutGuard ? [{ name: `${transition.name}: guard dropped`, text: transition.withoutGuard() }] : []),
      ])
      .filter((mutant) => matches.length === 0 || matches.some((text) => mutant.name.includes(text)))
    if (mutants.length === 0) continue
    console.log(`\n${name}: ${machine.transitions.length} transitions, ${mutants.length} mutants, against ${suite.tests.join(', ')}`)
    const baseline = await runTests(suite)
    if (baseline.timedOut) throw new Error(`${name}: the tests without any mutant timed out (${baseline.failure}); try again when the machine is quieter`)
    if (!baseline.passed) throw new Error(`${name}: the tests fail without any mutant (${baseline.failure}); fix them first`)
    for (const mutant of mutants) {
      total += 1
      const began = Date.now()
      writeFileSync(path, mutant.text)
      const result = await runTests(suite).finally(() => writeFileSync(path, original))
      const reason = equivalent[mutant.name]
      if (result.timedOut) {
        timedOut.push(`  TIMED OUT ${mutant.name}`)
        console.log(`${timedOut.at(-1)} (${seconds(Date.now() - began)}): not a kill; re-run it with --match`)
      } else if (!result.passed) {
        killed += 1
        console.log(
          `  killed    ${mutant.name} (${seconds(Date.now() - began)}) by: ${result.failure.slice(0, 240)}${reason ? '  [listed as equivalent: remove it]' : ''}`,
        )
      } else if (reason) {
        equivalents.push(`  equivalent ${mutant.name} — ${reason}`)
        console.log(equivalents.at(-1))
      } else {
        survivors.push(`  SURVIVED  ${mutant.name}`)
        console.log(`${survivors.at(-1)} (${seconds(Date.now() - began)})`)
      }
    }
  }
} finally {
  if (!keep) rmSync(copy, { recursive: true, force: true })
}

console.log(`\n${survivors.length} survivors${survivors.length > 0 ? ':' : ''}`)
for (const line of survivors) console.log(line)
if (equivalents.length > 0) console.log(`${equivalents.length} equivalent:\n${equivalents.join('\n')}`)
if (timedOut.length > 0) console.log(`${timedOut.length} timed out (neither killed nor survived):\n${timedOut.join('\n')}`)
console.log(`took ${minutes(Date.now() - started)}${keep ? `; the copy is kept in ${copy}` : ''}`)
console.log(`mutants: ${killed} of ${total} killed, ${equivalents.length} equivalent${timedOut.length > 0 ? `, ${timedOut.length} timed out` : ''}`)
process.exitCode = killed + equivalents.length === total ? 0 : 1
