import react from '@vitejs/plugin-react'
import { constants } from 'node:zlib'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import pkg from './package.json' with { type: 'json' }
import { shellWorker } from './src/boot/service-worker/build-plugin.ts'
import { precompileMessages } from './src/i18n/precompile-messages.ts'

/**
 * The client build. The server (server/main.ts) serves dist/ and the API on one port. Each text file
 * gets a brotli and a gzip twin at the strongest settings, made once here rather than per request;
 * the server answers with the one the browser accepts (server/http/client-files.ts).
 *
 * Everything the first screen needs statically ('$initial') is one chunk: split across ten small
 * shared chunks it cost a cold load two rounds of connections (browsers open six per host over
 * HTTP/1.1) and about 60 ms before the first script ran. Pages stay lazy, one chunk each.
 * Each language's messages are two chunks: what signed-out pages show (the shell's, and the
 * `locales/signed-out/` of plugins with such pages), and every other plugin's, loaded on signing in;
 * they are precompiled, so the ICU parser stays out of the browser.
 * The app shell is kept by a service worker and installable (src/boot/service-worker/build-plugin.ts).
 */
export default defineConfig(({ command }) => ({
  plugins: [
    precompileMessages(),
    react(),
    shellWorker(pkg.version),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // Messages arrive precompiled (above): formatjs' documented no-parser build.
      ...(command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : []),
      // XState's and wouter's React bindings import the pre-18 shim of useSyncExternalStore; on React 19
      // the package's own non-shim entries are React's built-in hook (about 0.4 KB less on every first screen).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 450,
    // Modern browsers preload module chunks natively; the polyfill cost every first screen ~0.4 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: the first screen carries the map of every lazy chunk's
        // file name (about a hundred), and readable names cost each cold sign-in ~0.9 KB gzip.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // What a signed-out page shows (the shell's messages, and those plugins keep for their signed-out pages) …
            { name: 'messages-signed-out-en', test: /\/(?:src\/i18n\/locales|locales\/signed-out)\/en\.json$/ },
            { name: 'messages-signed-out-ar', test: /\/(?:src\/i18n\/locales|locales\/signed-out)\/ar\.json$/ },
            // … and every other message, loaded once someone signs in (src/plugin-host/registry.ts).
            { name: 'messages-en', test: /\/locales\/en\.json$/ },
            { name: 'messages-ar', test: /\/locales\/ar\.json$/ },
            // The features' own rule messages (plugins/*/contract), loaded beside those bundles (src/forms/issue-messages.ts).
            { name: 'rule-messages', test: /\/plugins\/[^/]+\/contract\/[a-z-]*messages\.json$/ },
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/school': 'http://localhost:8080', '/meta.json': 'http://localhost:8080' } },
}))
