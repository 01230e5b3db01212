import { describe, it } from 'vitest'
import { doubleJourney } from '../support/exam-journey.ts'
import { useAppServer } from '../support/suite.ts'

/** Issue 22's double-marking journey in Chromium, in Arabic (written once in tests/e2e/support/exam-journey.ts). */
describe('the double-marking exam journey in Arabic', () => {
  const app = useAppServer()
  it('built, approved, sat through the links, graded, published and read, all on the screens', () => doubleJourney(app, 'ar'), 600_000)
})
