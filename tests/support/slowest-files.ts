import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends `npm test` with its ten slowest test files (import, set-up and tests together), so a file
 * that creeps up shows in every run instead of only in the suite's total, and with each project's
 * files' time added up: files run side by side, so the sum is what the project would take alone, one
 * file at a time, and tells which kind of test the run's minutes go to.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed = testModules.map((module) => {
      const d = module.diagnostic()
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      }
    })
    if (timed.length === 0) return
    const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10)
    const lines = slowest.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`)
    const projects = [...new Set(timed.map((entry) => entry.project))].map((project) => {
      const files = timed.filter((entry) => entry.project === project)
      const minutes = files.reduce((sum, entry) => sum + entry.ms, 0) / 60_000
      return `  ${project.padEnd(9)} ${String(files.length).padStart(4)} files  ${minutes.toFixed(1).padStart(6)} min`
    })
    console.log(['', 'The ten slowest test files:', ...lines, '', "Each project's files, their times added up:", ...projects, ''].join('\n'))
  }
}
