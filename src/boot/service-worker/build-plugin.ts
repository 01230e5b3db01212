import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { transformWithOxc, type Plugin } from 'vite'
import { theme } from '../../ui/theme.ts'

/**
 * Build step (vite.config.ts) that makes the client installable and able to open offline:
 * - the web app manifest and its icons, the brand mark (src/ui/brand-mark.tsx: ف on the accent
 *   colour) drawn as SVG, colours from the Panda tokens (src/ui/theme.ts);
 * - /sw.js, the service worker (./shell-worker.ts), with this build's list of files to keep and a
 *   cache name made of the app's version and a hash of those files, so any new build is a new worker.
 * The worker is registered by public/early.js once the page has loaded. Dev (`vite`) has none.
 */
export const shellWorkerFile = 'sw.js'

const { teal, slate } = theme.extend.tokens.colors
const accent = teal[600].value
const canvas = slate[50].value

/** The brand mark: rounded for launchers that show the icon as is; full-bleed for those that mask it (the letter sits in the safe zone). */
const brandMark = (maskable: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512"${maskable ? '' : ' rx="112"'} fill="${accent}"/>` +
  `<text x="256" y="${maskable ? 330 : 352}" font-size="${maskable ? 220 : 288}" text-anchor="middle" fill="white" font-family="'Noto Sans Arabic', Tahoma, sans-serif">ف</text></svg>\n`

/** One name for both languages (a manifest has one); `dir: auto` lets each script read its own way. */
const manifest = {
  id: '/',
  name: 'Fasl · فصل',
  short_name: 'Fasl',
  description: 'Fasl — your classroom, organised. فصل',
  lang: 'en',
  dir: 'auto',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: accent,
  background_color: canvas,
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
  ],
}

const keptFile = /\.(html|js|css|woff2?|svg|png|webmanifest)$/i

/** The paths the worker keeps, from the build's file names: the shell's files, never the worker itself nor compressed twins. */
export const shellUrls = (fileNames: Iterable<string>): ReadonlyArray<string> =>
  [...new Set(fileNames)]
    .filter((name) => keptFile.test(name) && name !== shellWorkerFile)
    .map((name) => `/${name}`)
    .sort()

const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))

export const shellWorker = (version: string): Plugin => {
  let outDir = 'dist'
  let publicDir = ''
  return {
    name: 'fasl:shell-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      publicDir = config.publicDir
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: `${JSON.stringify(manifest, null, 2)}\n` })
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: brandMark(false) })
      this.emitFile({ type: 'asset', fileName: 'icon-maskable.svg', source: brandMark(true) })
    },
    // After everything is written (index.html included; public/ is copied before): the list is what dist/ holds.
    async writeBundle(_options, bundle) {
      const urls = shellUrls([...Object.keys(bundle), ...(publicDir === '' ? [] : filesUnder(publicDir))])
      const hash = createHash('sha256')
      for (const url of urls) hash.update(url).update(readFileSync(join(outDir, url)))
      const cacheName = `fasl-shell-${version}-${hash.digest('base64url').slice(0, 12)}`
      const source = readFileSync(new URL('./shell-worker.ts', import.meta.url), 'utf8')
      const { code } = await transformWithOxc(source, 'shell-worker.ts', { lang: 'ts' })
      // A classic script (module service workers are not in every browser the schools use): the module marker goes.
      const script = code.replace(/^export\s*\{\s*\};?\s*$/m, '')
      writeFileSync(join(outDir, shellWorkerFile), `const shellManifest = ${JSON.stringify({ cacheName, urls })};\n${script}`)
    },
  }
}
