import react from '@vitejs/plugin-react'
import { constants } from 'node:zlib'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import pkg from './package.json' with { type: 'json' }

/**
 * The client build. The server (server/main.ts) serves dist/ and the API on one port. Each text file
 * gets a brotli and a gzip twin at the strongest settings, made once here rather than per request;
 * the server answers with the one the browser accepts (server/http/client-files.ts).
 *
 * Everything the first screen needs statically ('$initial') is one chunk: split across ten small
 * shared chunks it cost a cold load two rounds of connections (browsers open six per host over
 * HTTP/1.1) and about 60 ms before the first script ran. Pages stay lazy, one chunk each.
 */
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 450,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/school': 'http://localhost:8080', '/meta.json': 'http://localhost:8080' } },
})
