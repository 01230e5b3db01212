import { defineConfig } from 'vitest/config'

/**
 * One runner for every kind of test. Unit and model-based tests run first, one file per core:
 * vitest's default (a core less) ran them one at a time here, and two at a time took 17% less.
 * Server and browser tests then run together, two files at a time (one per core): each file starts
 * its own server on its own database (a PGlite copy of the seeded template, or a schema of its own
 * on PostgreSQL) and its own port, so no file sees another's rows; and a browser file spends much
 * of its time waiting (on a server's clock, a page's network), which the other file uses.
 */
const serverAndBrowser = { fileParallelism: true, maxWorkers: 2, sequence: { groupOrder: 1 } } as const
export default defineConfig({
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  test: {
    reporters: ['default', './tests/support/slowest-files.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: '100%' } },
      { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], maxWorkers: '100%' } },
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], ...serverAndBrowser, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], ...serverAndBrowser, testTimeout: 90_000, hookTimeout: 180_000 },
      },
    ],
  },
})
