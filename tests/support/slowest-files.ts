import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends `npm test` with its ten slowest test files (import, set-up and tests together), so a file
 * that creeps up shows in every run instead of only in the suite's total.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules.map((module) => {
      const d = module.diagnostic()
      return { file: module.relativeModuleId, ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration }
    })
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 10)
    if (slowest.length === 0) return
    const lines = slowest.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`)
    console.log(['', 'The ten slowest test files:', ...lines, ''].join('\n'))
  }
}
