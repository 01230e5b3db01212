import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeFinding {
  readonly id: string
  readonly help: string
  readonly targets: ReadonlyArray<string>
}

/**
 * Runs axe-core (WCAG 2.x A and AA plus best practices) on the page as it is now and returns what it
 * finds, one line per rule with the offending elements, so a failing test says what to fix.
 */
export const axeFindings = async (page: Page): Promise<ReadonlyArray<AxeFinding>> => {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the app's
  // Content-Security-Policy refuses inline scripts, and the tests run under that policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> }
      }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }))
  })
}
