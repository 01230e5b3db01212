import { describe, expect, it } from 'vitest'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { checkExamForm, emptyValues, requestOf, type CorrectorRow, type ExamFormValues } from '../../../plugins/exams/builder/form-values.ts'
import { examActions, correctorMayRespond } from '../../../plugins/exams/builder/exam-actions.ts'
import { newDraft, type QuestionDraft } from '../../../src/questions/drafts.ts'

const paragraph: QuestionDraft = { ...newDraft(QuestionType.paragraph), header: 'Explain how you add 1/2 and 1/4.', degree: 2 }
const filled = (change: Partial<ExamFormValues> = {}): ExamFormValues => ({
  ...emptyValues(new Date('2026-11-23T10:00:00Z')),
  title: 'Fractions',
  subjectId: '3',
  stageId: '1',
  classRoomIds: '7',
  questionCount: '1',
  totalDegree: '2',
  ...change,
})
const two = (first: string, second: string): CorrectorRow[] => [
  { correctorId: 'a', percentage: first },
  { correctorId: 'b', percentage: second },
]
const fields = (values: ExamFormValues, rows: ReadonlyArray<CorrectorRow> = two('60', '40'), drafts = [paragraph]) =>
  checkExamForm(values, drafts, rows).map((issue) => `${issue.field}:${issue.key}`)

describe('the exam builder’s rules (exam-rules.ts, as the server runs them)', () => {
  it('accepts a filled exam with two correctors at 60/40', () => {
    expect(fields(filled())).toEqual([])
  })
  it('says the mismatch of percentages at 60/30', () => {
    expect(fields(filled(), two('60', '30'))).toEqual(['correctors:percentagesMismatch'])
  })
  it('refuses a share of 0 or over 100, and a corrector named twice', () => {
    expect(fields(filled(), two('0', '100'))).toContain('correctors.0.percentage:percentageRule')
    expect(
      fields(filled(), [
        { correctorId: 'a', percentage: '50' },
        { correctorId: 'a', percentage: '50' },
      ]),
    ).toEqual(['correctors.1.correctorId:duplicateItem'])
  })
  it('asks double marking for its threshold', () => {
    expect(fields(filled({ correctorsMode: 'double' }))).toEqual(['markDifferenceThreshold:markThresholdRequired'])
    expect(fields(filled({ correctorsMode: 'double', markDifferenceThreshold: '2' }))).toEqual([])
  })
  it('names the form’s fields: the window on the dates, the target on its list', () => {
    expect(fields(filled({ endTime: '07:00' }))).toEqual(['endDate:examEndAfterStart'])
    expect(fields(filled({ classRoomIds: '' }))).toEqual(['classRoomIds:examClassRoomsRequired'])
    expect(fields(filled({ durationMinutes: '200' }))).toEqual(['durationMinutes:examDurationExceedsWindow'])
  })
  it('sends the count, the total and the shares as numbers; no threshold in split mode', () => {
    const request = requestOf(filled({ markDifferenceThreshold: '3' }), [paragraph], two('60', '40'))
    expect(request.correctors).toEqual([
      { correctorId: 'a', percentage: 60 },
      { correctorId: 'b', percentage: 40 },
    ])
    expect([request.questionCount, request.totalDegree, request.markDifferenceThreshold]).toEqual([1, 2, null])
  })
})

describe('the actions the exam machines offer', () => {
  const facts = { hasQuestions: true, sharesTotalHundred: true, anyPaperGraded: false, training: false }
  it('a draft is edited, deleted, sent for approval, not assigned', () => {
    const draft = examActions({ ...facts, status: 'draft' })
    expect([draft.edit, draft.delete, draft.submit, draft.assign, draft.questionsLocked]).toEqual([true, true, true, false, false])
    expect(examActions({ ...facts, status: 'draft', sharesTotalHundred: false }).submit).toBe(false)
  })
  it('the supervisor decides on a waiting exam only', () => {
    const waiting = examActions({ ...facts, status: 'waitingForApproval' })
    expect([waiting.approve, waiting.requireEdit, waiting.reject, waiting.edit]).toEqual([true, true, true, false])
    expect(examActions({ ...facts, status: 'draft' }).approve).toBe(false)
  })
  it('an approved exam is assigned; an assigned one has its questions locked and is not deleted', () => {
    expect(examActions({ ...facts, status: 'approved' }).assign).toBe(true)
    const assigned = examActions({ ...facts, status: 'assigned' })
    expect([assigned.questionsLocked, assigned.delete, assigned.training]).toEqual([true, false, true])
    expect(examActions({ ...facts, status: 'assigned', training: true }).training).toBe(false)
  })
  it('a corrector answers only while assigned', () => {
    expect(correctorMayRespond('assigned')).toBe(true)
    expect(correctorMayRespond('waitingForApproval')).toBe(false)
  })
})
