import { describe, it } from 'vitest'
import { splitJourney } from '../support/exam-journey.ts'
import { useAppServer } from '../support/suite.ts'

/** Issue 22's split-marking journey in Chromium, in Arabic (written once in tests/e2e/support/exam-journey.ts). */
describe('the split-marking exam journey in Arabic', () => {
  const app = useAppServer()
  it('built, approved, sat through the links, graded, published and read, all on the screens', () => splitJourney(app, 'ar'), 600_000)
})
