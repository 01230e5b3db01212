import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

/**
 * `npm test`'s checks before the tests: typecheck, lint, import boundaries, formatting and the client
 * build (which the browser tests load). Each is one process on one core and none reads what another
 * writes, so they run side by side, as many at once as there are cores, longest first: on this
 * two-core machine about a minute instead of two one after another. Each check's output is printed
 * whole when it ends; the run fails when any check fails, after all have ended.
 */
const checks = ['typecheck', 'format:check', 'lint', 'build', 'boundaries'] as const

const run = (script: string) =>
  new Promise<{ script: string; ok: boolean; output: string; seconds: number }>((resolve) => {
    const began = Date.now()
    let output = ''
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => resolve({ script, ok: code === 0, output, seconds: (Date.now() - began) / 1000 }))
  })

const waiting = [...checks]
const failed: string[] = []
const lane = async () => {
  for (let script = waiting.shift(); script !== undefined; script = waiting.shift()) {
    const result = await run(script)
    console.log(`${result.ok ? '✓' : '✗'} npm run ${result.script} (${result.seconds.toFixed(0)} s)`)
    if (result.output.trim() !== '') console.log(result.output.trimEnd())
    if (!result.ok) failed.push(script)
  }
}
await Promise.all(Array.from({ length: Math.min(checks.length, Math.max(1, availableParallelism())) }, lane))
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`)
  process.exit(1)
}
