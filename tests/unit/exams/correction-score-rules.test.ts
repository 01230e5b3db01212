import { describe, expect, it } from 'vitest'
import { checkComment, checkScore, parseScore } from '../../../plugins/exams/correction/score-rules.ts'
import { correctionLimits } from '../../../plugins/exams/contract/correction.ts'

describe("a corrector's score checked on the device with the server's rules", () => {
  it('reads Arabic-Indic digits and the Arabic decimal separator as the server does; empty or words are not a number', () => {
    expect(parseScore('١٫٥')).toBe(1.5)
    expect(parseScore(' 2,25 ')).toBe(2.25)
    expect(parseScore('')).toBeNaN()
    expect(parseScore('two')).toBeNaN()
  })

  it('accepts 0 to the degree with at most two decimals (2 and 2.01 on a question of 2; 0.01 and 0.001)', () => {
    expect(checkScore(0, 2)).toEqual([])
    expect(checkScore(2, 2)).toEqual([])
    expect(checkScore(1.25, 2)).toEqual([])
    expect(checkScore(0.01, 2)).toEqual([])
    expect(checkScore(2.01, 2)).toEqual([{ field: 'score', key: 'examScoreAboveDegree', values: { max: 2 } }])
    expect(checkScore(0.001, 2)).toEqual([{ field: 'score', key: 'examScoreRule' }])
    expect(checkScore(-1, 2)).toEqual([{ field: 'score', key: 'examScoreRule' }])
    expect(checkScore(Number.NaN, 2)).toEqual([{ field: 'score', key: 'examScoreRule' }])
  })

  it(`keeps a comment to ${correctionLimits.comment} characters`, () => {
    expect(checkComment('a'.repeat(correctionLimits.comment))).toEqual([])
    expect(checkComment('a'.repeat(correctionLimits.comment + 1)).map((issue) => issue.key)).toEqual(['lengthAtMost'])
  })
})
