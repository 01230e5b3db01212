import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium } from '../support/chromium.ts'
import { percentile } from './percentile.ts'

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024

export interface ClientSizes {
  readonly signInJsGzipKb: number
  /** What actually crosses the network: the build's brotli twins, as the server sends them. */
  readonly signInJsBrotliKb: number
  readonly signInFiles: ReadonlyArray<string>
  readonly largestLazyChunk: { readonly file: string; readonly gzipKb: number }
  readonly lcpMedianMs: number
  readonly lcpMaxMs: number
}

/**
 * Loads /Signin in Chromium: which JavaScript files it fetches (gzip-measured from dist/), and its
 * largest contentful paint over several cold loads. Every other chunk counts as lazily loaded.
 */
export const measureClient = async (baseUrl: string, runs = 7): Promise<ClientSizes> => {
  const browser = await launchChromium()
  try {
    const loaded = new Set<string>()
    const lcps: number[] = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname
        if (path.endsWith('.js')) loaded.add(path.replace(/^\//, ''))
      })
      await page.goto(`${baseUrl}/Signin`, { waitUntil: 'networkidle' })
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries()
              resolve(entries[entries.length - 1]?.startTime ?? Number.NaN)
            }).observe({ type: 'largest-contentful-paint', buffered: true })
            setTimeout(() => resolve(Number.NaN), 3000)
          }),
      )
      lcps.push(lcp)
      await context.close()
    }
    const assets = readdirSync('dist/assets').filter((file) => file.endsWith('.js'))
    const size = (file: string) => gzipKb(readFileSync(join('dist', file)))
    const signInFiles = [...loaded].sort()
    const lazy = assets.map((file) => `assets/${file}`).filter((file) => !loaded.has(file))
    const largestLazy = lazy.map((file) => ({ file, gzipKb: size(file) })).sort((a, b) => b.gzipKb - a.gzipKb)[0] ?? { file: '-', gzipKb: 0 }
    return {
      signInJsGzipKb: signInFiles.reduce((sum, file) => sum + size(file), 0),
      signInJsBrotliKb: signInFiles.reduce(
        (sum, file) => sum + (existsSync(join('dist', `${file}.br`)) ? readFileSync(join('dist', `${file}.br`)).length / 1024 : size(file)),
        0,
      ),
      signInFiles,
      largestLazyChunk: largestLazy,
      lcpMedianMs: percentile(lcps, 50),
      lcpMaxMs: Math.max(...lcps),
    }
  } finally {
    await browser.close()
  }
}
