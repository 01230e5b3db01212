import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import type { Spread } from './scoring-batch.ts'
import type { ScoringSpeed } from './scoring-speed.ts'

export type { ScoringSpeed } from './scoring-speed.ts'

/**
 * Measures the scoring as it ships: the worker is bundled (by Vite, with esbuild) into plain
 * JavaScript, so the measurement and its ceiling are bundled the same way with esbuild and run in
 * Node, rather than run through tsx's on-the-fly transform, which this machine's V8 runs slower.
 */
export const measureScoring = async (spread: Spread = 'mixed'): Promise<ScoringSpeed> => {
  const outfile = join(tmpdir(), `fasl-scoring-speed-${process.pid}-${spread}.mjs`)
  await build({
    entryPoints: [fileURLToPath(new URL('./scoring-speed.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'warning',
  })
  try {
    const bundled = (await import(pathToFileURL(outfile).href)) as typeof import('./scoring-speed.ts')
    return bundled.measureScoring(undefined, undefined, spread)
  } finally {
    rmSync(outfile, { force: true })
  }
}
