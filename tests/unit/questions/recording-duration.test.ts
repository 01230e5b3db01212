import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { maxRecordingSeconds } from '../../../contracts/questions/answer-files.ts'
import { Answer } from '../../../contracts/questions/question.ts'
import { AudioRecordingAnswer } from '../../../contracts/questions/recorded.ts'
import { issuesOfSchemaIssue } from '../../../contracts/schema-issues.ts'
import { formatIssue, validationMessages } from '../../../contracts/validation-format.ts'

/** Issue 21: an audio answer carries its length, measured while she recorded (a MediaRecorder WebM says Infinity). */
const decode = (input: unknown) => Schema.decodeUnknownResult(Answer)(input)
const issuesOf = (input: unknown) => {
  const result = decode(input)
  return Result.isFailure(result) ? issuesOfSchemaIssue(result.failure.issue, 'answer') : []
}

describe('the length of a recorded answer', () => {
  it('is optional: an answer saved before lengths were kept still decodes, without one', () => {
    const old = decode({ type: 10, recordingId: 7 })
    expect(Result.isSuccess(old) && old.success).toEqual({ type: 10, recordingId: 7 })
    expect(Result.isSuccess(decode({ type: 10, recordingId: null }))).toBe(true)
  })

  it.each([0, 2.48, 59, maxRecordingSeconds, maxRecordingSeconds + 0.6])('takes %s seconds', (durationSeconds) => {
    const decoded = Schema.decodeUnknownResult(AudioRecordingAnswer)({ type: 10, recordingId: 7, durationSeconds })
    expect(Result.isSuccess(decoded) && decoded.success.durationSeconds).toBe(durationSeconds)
  })

  it.each([-1, maxRecordingSeconds + 2, 3600, Number.POSITIVE_INFINITY, Number.NaN, '12', null])(
    'refuses %s on the field, in the catalogue words in both languages',
    (durationSeconds) => {
      const issues = issuesOf({ type: 10, recordingId: 7, durationSeconds })
      expect(issues.map((issue) => issue.field)).toEqual(['durationSeconds'])
      if (typeof durationSeconds === 'number') {
        expect(issues[0]!.key).toBe('recordingDuration')
        expect(formatIssue(issues[0]!, 'en')).toBe(`A recording's length is a number of seconds, at most ${maxRecordingSeconds}.`)
        expect(formatIssue(issues[0]!, 'ar')).toBe('مدة التسجيل عدد من الثواني لا يزيد على ١٨٠.')
      }
    },
  )

  it('has its message in the catalogue', () => {
    expect(Object.keys(validationMessages)).toContain('recordingDuration')
  })
})
