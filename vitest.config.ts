import { defineConfig } from 'vitest/config'

/**
 * One runner for every kind of test. Server and browser tests start real servers on real
 * databases, so they run one file at a time on this two-core machine. Unit and model-based tests
 * run before them, one file per core: vitest's default (a core less) ran them one at a time here,
 * and two at a time took 17% less with other work on the machine.
 */
export default defineConfig({
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  test: {
    reporters: ['default', './tests/support/slowest-files.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: '100%' } },
      { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], maxWorkers: '100%' } },
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], fileParallelism: false, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], fileParallelism: false, testTimeout: 90_000, hookTimeout: 180_000 },
      },
    ],
  },
})
