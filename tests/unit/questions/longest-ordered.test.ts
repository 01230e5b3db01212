import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { longestIncreasingRun } from '../../../contracts/questions/longest-ordered.ts'

/** The textbook O(n²) answer, to check the fast one against. */
const slowLength = (values: ReadonlyArray<number>): number => {
  const best = values.map(() => 1)
  for (let i = 0; i < values.length; i += 1) for (let j = 0; j < i; j += 1) if (values[j]! < values[i]!) best[i] = Math.max(best[i]!, best[j]! + 1)
  return Math.max(0, ...best)
}

describe('longest run in order (re-arrange scoring)', () => {
  it('examples: sorted, reversed, one moved, empty', () => {
    expect(longestIncreasingRun([0, 1, 2, 3])).toEqual([0, 1, 2, 3])
    expect(longestIncreasingRun([3, 2, 1, 0])).toHaveLength(1)
    expect(longestIncreasingRun([4, 0, 1, 2, 3])).toEqual([1, 2, 3, 4])
    expect(longestIncreasingRun([])).toEqual([])
  })

  it('returns increasing indexes of increasing values, as long as the textbook answer', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), (values) => {
        const run = longestIncreasingRun(values)
        expect(run).toHaveLength(slowLength(values))
        for (let k = 1; k < run.length; k += 1) {
          expect(run[k]!).toBeGreaterThan(run[k - 1]!)
          expect(values[run[k]!]!).toBeGreaterThan(values[run[k - 1]!]!)
        }
      }),
      { seed: 20261123, numRuns: 300 },
    )
  })
})
