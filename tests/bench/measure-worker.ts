import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { decodeClassBatch, encodeClassBatch } from '../../contracts/questions/class-batch.ts'
import { readPackedClassScores } from '../../workers/class-scores-packed.ts'
import { prescoreClassPacked } from '../../workers/class-batch-scoring.ts'
import { launchChromium } from '../support/chromium.ts'
import { percentile } from './percentile.ts'
import { scoringBatch, type Spread } from './scoring-batch.ts'

export interface WorkerTiming {
  readonly batchMb: number
  /** The first run: the worker started, its module fetched, the batch parsed and scored, the buffer back. */
  readonly firstMs: number
  /** Later runs on the running worker: median. */
  readonly warmMs: number
  /** The longest main-thread task over all runs (0: none passed 50 ms, the long-task threshold). */
  readonly longestTaskMs: number
}

const base = '/bench-scoring/'

/**
 * Builds workers/scoring.client.ts with Vite (the app's build of a worker: its own module file,
 * started with `new Worker(…, { type: 'module' })`) into a scratch folder, never into dist/: the
 * app's own copy is a lazily loaded chunk whose export names the bundler shortens, and no
 * bench-only entry goes into the app bundle.
 */
const buildClient = async (): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), 'fasl-bench-worker-'))
  await build({
    configFile: false,
    logLevel: 'error',
    base,
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: { input: { 'scoring-client': 'workers/scoring.client.ts' }, preserveEntrySignatures: 'strict', output: { entryFileNames: '[name].js' } },
    },
  })
  return outDir
}

/**
 * The class batch through the worker in Chromium, on a page of the built app (its origin and
 * Content-Security-Policy; the worker's files are answered at the same origin): from handing the
 * batch's bytes (as fetched, not read on the page; transferred) to the worker until the
 * page holds the scores; `runs` times, on a batch of `spread` (scoring-batch.ts). Long tasks are observed on the page over the same window. The result is
 * checked against the same scoring run in Node.
 */
export const measureWorker = async (appUrl: string, spread: Spread = 'mixed', students = 10_000, runs = 5): Promise<WorkerTiming> => {
  const generated = scoringBatch(students, undefined, spread)
  const bytes = encodeClassBatch(generated.questions, generated.submissions)
  const expected = readPackedClassScores(prescoreClassPacked(decodeClassBatch(bytes))).scores.reduce((sum, value) => sum + value, 0)
  const outDir = await buildClient()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.route(`${appUrl}${base}**`, (route) => {
      const path = new URL(route.request().url()).pathname.slice(base.length)
      if (path === 'class-batch.bin') return route.fulfill({ body: Buffer.from(bytes), contentType: 'application/octet-stream' })
      return route.fulfill({ body: readFileSync(join(outDir, path)), contentType: 'text/javascript' })
    })
    await page.goto(`${appUrl}/Signin`, { waitUntil: 'networkidle' })
    const measured = await page.evaluate(
      async ({ client, batchUrl, count }) => {
        const { prescoreClassInWorker } = (await import(client)) as typeof import('../../workers/scoring.client.ts')
        const tasks: Array<{ start: number; duration: number }> = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration })
        })
        observer.observe({ type: 'longtask' })
        const windows: Array<[number, number]> = []
        const times: number[] = []
        const totals: number[] = []
        for (let run = 0; run < count; run++) {
          // The response's bytes, never read here.
          const batch = await (await fetch(batchUrl)).arrayBuffer()
          await new Promise((resolve) => setTimeout(resolve, 100))
          const started = performance.now()
          const scores = await prescoreClassInWorker(batch)
          windows.push([started, performance.now()])
          times.push(performance.now() - started)
          totals.push(scores.scores.reduce((sum, value) => sum + value, 0))
        }
        await new Promise((resolve) => setTimeout(resolve, 200))
        observer.disconnect()
        // Only tasks within the timed windows count: fetching the batch beforehand is not the worker's doing.
        const within = tasks.filter((task) => windows.some(([from, to]) => task.start + task.duration > from && task.start < to))
        return { times, totals, longest: Math.max(0, ...within.map((task) => task.duration)) }
      },
      { client: `${base}scoring-client.js`, batchUrl: `${base}class-batch.bin`, count: runs },
    )
    if (measured.totals.some((total) => total !== expected))
      throw new Error(`the worker's scores differ from Node's: ${measured.totals.join(', ')} ≠ ${expected}`)
    return {
      batchMb: bytes.length / 1024 / 1024,
      firstMs: measured.times[0]!,
      warmMs: percentile(measured.times.slice(1), 50),
      longestTaskMs: measured.longest,
    }
  } finally {
    await browser.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}
