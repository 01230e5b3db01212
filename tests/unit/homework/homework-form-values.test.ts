import { describe, expect, it } from 'vitest'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { checkHomeworkForm, emptyValues, instantOf, requestOf, valuesOf, type HomeworkFormValues } from '../../../plugins/homework/form-values.ts'
import { newDraft, type QuestionDraft } from '../../../src/questions/drafts.ts'
import { homeworkProjection } from '../../../plugins/homework/projection.ts'
import { project } from '../../../src/events/fold.ts'
import { homeworkEventNames } from '../../../plugins/homework/events.ts'

const fifty = 'Read each question carefully and answer it in its place.'
const trueFalse = (degree: number): QuestionDraft => ({
  ...(newDraft(QuestionType.trueFalse) as Extract<QuestionDraft, { type: 3 }>),
  header: 'The sun is a star.',
  degree,
  correct: true,
})
const filled = (change: Partial<HomeworkFormValues> = {}): HomeworkFormValues => ({
  ...emptyValues('3', new Date('2026-11-23T10:00:00Z')),
  title: 'Fractions',
  text: fifty,
  ...change,
})
const fields = (values: HomeworkFormValues, drafts: ReadonlyArray<QuestionDraft> = [trueFalse(1)]) =>
  checkHomeworkForm(values, drafts).map((issue) => `${issue.field}:${issue.key}`)

describe('the homework form rules', () => {
  it('accepts a filled homework', () => {
    expect(fields(filled())).toEqual([])
  })
  it('refuses a title of 2 characters and takes 3; refuses 61 and takes 60 (counted trimmed)', () => {
    expect(fields(filled({ title: 'ab' }))).toEqual(['title:lengthBetween'])
    expect(fields(filled({ title: ' abc ' }))).toEqual([])
    expect(fields(filled({ title: 'a'.repeat(61) }))).toEqual(['title:lengthBetween'])
    expect(fields(filled({ title: 'a'.repeat(60) }))).toEqual([])
  })
  it('refuses a text of 49 characters and takes 50; whitespace only is "required"', () => {
    expect(fields(filled({ text: 'x'.repeat(49) }))).toEqual(['text:lengthBetween'])
    expect(fields(filled({ text: 'x'.repeat(50) }))).toEqual([])
    expect(fields(filled({ text: '   ' }))).toEqual(['text:required'])
  })
  it("sends the right answers' release only once chosen (the server applies the type's default), and refuses a value not in the list", () => {
    expect('answersRelease' in requestOf(1, filled(), [trueFalse(1)])).toBe(false)
    for (const release of ['never', 'afterHandIn', 'afterDue', 'afterGrading'] as const) {
      expect(requestOf(1, filled({ answersRelease: release }), [trueFalse(1)]).answersRelease).toBe(release)
      expect(fields(filled({ answersRelease: release }))).toEqual([])
    }
    expect(fields(filled({ answersRelease: 'always' }))).toEqual(['answersRelease:malformed'])
  })
  it('asks for a quiz mode for a quiz, and for at least one question', () => {
    expect(fields(filled({ type: 'quiz' }))).toEqual(['quizMode:required'])
    expect(fields(filled({ type: 'quiz', quizMode: 'training' }))).toEqual([])
    expect(fields(filled(), [])).toEqual(['questions:questionsAtLeastOne'])
  })
  it("names the questions' own builder-rule fields", () => {
    expect(fields(filled(), [{ ...trueFalse(1), header: ' ' }])).toEqual(['questions.0.header:required'])
  })
  it('wants the due date after the start, on the date field', () => {
    expect(fields(filled({ dueDate: '2026-11-23', dueTime: '08:00', startDate: '2026-11-23', startTime: '08:00' }))).toEqual(['dueDate:dueAfterStart'])
    expect(fields(filled({ dueDate: '' }))).toEqual(['dueDate:dateTimeInvalid'])
  })
  it('wants students when the homework is for chosen students', () => {
    expect(fields(filled({ targetKind: 'students' }))).toEqual(['studentIds:studentsRequired'])
    expect(fields(filled({ targetKind: 'students', studentIds: '4,5' }))).toEqual([])
  })
})

describe('the request the form sends', () => {
  it('sends the sum of the degrees as the total, trimmed texts and the target', () => {
    const request = requestOf(
      12,
      filled({ title: '  Fractions ', targetKind: 'students', studentIds: '4,5', customDue: 'true', customDueDate: '2026-12-01', customDueTime: '09:30' }),
      [trueFalse(1.5), trueFalse(2)],
    )
    expect(request.totalDegree).toBe(3.5)
    expect(request.title).toBe('Fractions')
    expect(request.quizMode).toBeNull()
    expect(request.target).toEqual({ kind: 'students', studentIds: [4, 5], customDueAt: instantOf('2026-12-01', '09:30') })
  })
  it('reads a stored homework back into the same values', () => {
    const values = filled({ type: 'quiz', quizMode: 'exam' })
    const request = requestOf(12, values, [trueFalse(1)])
    const details = {
      ...request,
      id: 1,
      version: 1,
      chapterId: null,
      topicIds: [],
      topicId: null,
      teacherId: 't',
      quizMode: request.quizMode ?? null,
      answeredCount: 0,
      createdAt: '',
      updatedAt: '',
    }
    expect(valuesOf(details)).toEqual(values)
  })
})

describe('the chapter and topics of the homework form', () => {
  it('sends the chapter and its chosen topics, and no topics without a chapter', () => {
    expect(requestOf(12, filled({ chapterId: '7', topicIds: '21,23' }), [trueFalse(1)])).toMatchObject({ chapterId: 7, topicIds: [21, 23] })
    expect(requestOf(12, filled({ chapterId: '', topicIds: '21' }), [trueFalse(1)])).toMatchObject({ chapterId: null, topicIds: [] })
    expect(fields(filled({ chapterId: '7', topicIds: '21,23' }))).toEqual([])
  })
  it('reads them back, and a homework saved with one topicId before topicIds as that one topic', () => {
    const request = requestOf(12, filled({ chapterId: '7', topicIds: '21,23' }), [trueFalse(1)])
    expect(valuesOf(request)).toMatchObject({ chapterId: '7', topicIds: '21,23' })
    const { topicIds: _none, ...older } = request
    expect(valuesOf({ ...older, topicId: 21 })).toMatchObject({ chapterId: '7', topicIds: '21' })
  })
})

describe('the homework projection', () => {
  const insert = { id: 'c1', name: homeworkEventNames.insertRequested, payload: { classRoomId: 12 }, at: 0 }
  // The store's fold: the projection reads its commands' lifecycle from the ledger, no reducer of its own.
  const run = (events: ReadonlyArray<{ id: string; name: string; payload: unknown; at: number }>) => project(homeworkProjection, events)
  it('keeps a save pending until the server answers, and keeps its "already exists" warning', () => {
    expect(run([insert]).pending.map((event) => event.id)).toEqual(['c1'])
    const answered = run([
      insert,
      {
        id: 'a1',
        name: 'v1.CommandConfirmed',
        payload: { commandId: 'c1', result: { homework: {}, warning: { code: 146, message: 'exists', homeworkIds: [2] } } },
        at: 1,
      },
    ])
    expect(answered.pending).toEqual([])
    expect(answered.lastWarning).toEqual({ commandId: 'c1', classRoomId: 12, message: 'exists' })
    expect(answered.answered).toBe(1)
  })
  it('says the "already exists" warning once: a later answer, such as saving that homework again, does not repeat it', () => {
    const warned = { homework: {}, warning: { code: 146, message: 'exists', homeworkIds: [2] } }
    const edit = { id: 'c2', name: homeworkEventNames.editRequested, payload: { classRoomId: 12, homework: { id: 9 } }, at: 2 }
    const events = [
      insert,
      { id: 'a1', name: 'v1.CommandConfirmed', payload: { commandId: 'c1', result: warned }, at: 1 },
      edit,
      { id: 'a2', name: 'v1.CommandConfirmed', payload: { commandId: 'c2', result: { id: 9 } }, at: 3 },
    ]
    expect(run(events.slice(0, 3)).lastWarning).toEqual({ commandId: 'c1', classRoomId: 12, message: 'exists' })
    expect(run(events).lastWarning).toBeNull()
    const another = { id: 'c3', name: homeworkEventNames.insertRequested, payload: { classRoomId: 12 }, at: 4 }
    expect(run([...events, another, { id: 'a3', name: 'v1.CommandConfirmed', payload: { commandId: 'c3', result: warned }, at: 5 }]).lastWarning).toEqual({
      commandId: 'c3',
      classRoomId: 12,
      message: 'exists',
    })
  })
  it("keeps a refused save's content and field messages, so the teacher can open it again (no work lost)", () => {
    const content = requestOf(12, filled(), [trueFalse(1)])
    const refused = run([
      { id: 'c3', name: homeworkEventNames.insertRequested, payload: content, at: 0 },
      { id: 'a3', name: 'v1.CommandRejected', payload: { commandId: 'c3', code: 105, message: 'Check the fields', fields: { title: 'Taken' } }, at: 1 },
    ])
    expect(refused.lastRejection).toMatchObject({ content, fields: { title: 'Taken' }, title: 'Fractions', homeworkId: null })
  })
  it('rolls a refused delete back and keeps what it was, to ask again with forceDelete', () => {
    const remove = { id: 'c2', name: homeworkEventNames.removeRequested, payload: { classRoomId: 12, id: 7, title: 'T', forceDelete: false }, at: 0 }
    const refused = run([remove, { id: 'a2', name: 'v1.CommandRejected', payload: { commandId: 'c2', code: 145, message: 'answered' }, at: 1 }])
    expect(refused.pending).toEqual([])
    expect(refused.lastRejection?.remove).toEqual(remove.payload)
  })
})
