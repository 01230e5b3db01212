import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

/** The client build. The server (server/main.ts) serves dist/ and the API on one port. */
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', chunkSizeWarningLimit: 400 },
  server: { proxy: { '/api': 'http://localhost:8080', '/school': 'http://localhost:8080', '/meta.json': 'http://localhost:8080' } },
})
