import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import type { CorrectionList, StudentHomework, SubmissionForCorrection } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, signedIn } from '../support/http.ts'
import { get, homeworkAround, insertHomework, partlyRightAnswers, post, studentOf, submissionsTable } from '../support/submissions.ts'

/**
 * What a teacher reads of her class's work while correcting (issue 21): the counts say who handed
 * in (a draft is not handed in), a mark out of range refuses "mark corrected" as a whole, and the
 * provisional grade the correction list shows is hers once she has given marks, also after a reopen.
 */
describe.each(testDatabases)('counts, marks and the provisional grade of a correction on $name', (database) => {
  let server: StartedServer
  let base: string
  let ids: DemoIds
  const tokens = { teacher: '', student: '' }
  let studentId: number

  beforeAll(async () => {
    server = await database.start()
    base = server.url
    ids = await demoIds(server.db)
    for (const role of ['teacher', 'student'] as const) tokens[role] = (await signedIn(base, accounts[role])).accessToken
    studentId = (await studentOf(server.db, accounts.student.email)).id
  })
  afterAll(() => server.close())

  const summaryOf = async (homeworkId: number) =>
    (await get<HomeworkSummary[]>(base, `/HomeWork/GetClassRoomHomeworks?ClassRoomID=${ids.roomA}`, tokens.teacher)).body.responseData.find(
      (line) => line.id === homeworkId,
    )!
  const rowOf = async (homeworkId: number) =>
    (await get<CorrectionList>(base, `/HomeWork/GetHomeworkSubmissions?HomeworkID=${homeworkId}`, tokens.teacher)).body.responseData.students.find(
      (student) => student.studentId === studentId,
    )!
  const handIn = async (title: string) => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(Date.now(), ids.roomA, ids.mathematics, 24, { title }))
    const handed = await post<StudentHomework>(
      base,
      '/Student/SubmitHomework',
      { homeworkId: set.id, version: null, answers: partlyRightAnswers },
      tokens.student,
    )
    expect(handed.body.responseData.status).toBe('ready')
    return { set, version: handed.body.responseData.version! }
  }

  it('counts a saved draft as a draft started, not as handed in', async () => {
    const set = await insertHomework(base, tokens.teacher, homeworkAround(Date.now(), ids.roomA, ids.mathematics, 24, { title: 'Draft only' }))
    const draft = await post<StudentHomework>(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: set.id, version: null, answers: { single: partlyRightAnswers.single } },
      tokens.student,
    )
    expect(draft.body.responseData.status).toBe('in_progress')
    expect(await summaryOf(set.id)).toMatchObject({ answeredCount: 1, handedInCount: 0, draftCount: 1, correctedCount: 0 })
    await post(base, '/Student/SubmitHomework', { homeworkId: set.id, version: draft.body.responseData.version, answers: partlyRightAnswers }, tokens.student)
    expect(await summaryOf(set.id)).toMatchObject({ answeredCount: 1, handedInCount: 1, draftCount: 0, correctedCount: 0 })
  })

  it('refuses "mark corrected" with a mark above its question’s degree: 105 naming it in both languages, nothing changed', async () => {
    const { set, version } = await handIn('Mark out of range')
    const before = await submissionsTable(server.db)
    // 'statement' is worth 1: 5 is refused, with the valid mark beside it.
    const body = {
      homeworkId: set.id,
      studentId,
      version,
      reviews: [
        { questionId: 'essay', score: 2 },
        { questionId: 'statement', score: 5 },
      ],
    }
    const english = await post(base, '/HomeWork/MarkSubmissionCorrected', body, tokens.teacher)
    expect(english.body.responseCode).toBe(105)
    expect(english.body.validationList).toEqual([{ field: 'reviews.1.score', message: 'Give at most 1, the degree of this question.' }])
    const arabic = await post(base, '/HomeWork/MarkSubmissionCorrected', body, tokens.teacher, { language: 'ar-EG' })
    expect(arabic.body.responseCode).toBe(105)
    expect(arabic.body.validationList).toEqual([{ field: 'reviews.1.score', message: 'أدخل ١ على الأكثر، وهي درجة هذا السؤال.' }])
    expect(await submissionsTable(server.db)).toBe(before)
    expect(await rowOf(set.id)).toMatchObject({ status: 'ready', correctedAt: null })

    // Valid marks go with "mark corrected" in the same write.
    const done = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/MarkSubmissionCorrected',
      { ...body, reviews: [body.reviews[0], { questionId: 'statement', score: 1 }], comment: 'Checked.' },
      tokens.teacher,
    )
    expect(done.body.responseData).toMatchObject({ status: 'done', comment: 'Checked.', reviews: { essay: { score: 2 }, statement: { score: 1 } } })
    expect(done.body.responseData.grade).toBe(done.body.responseData.currentGrade)
  })

  it('shows her marks, not the automatic score, as the provisional grade, also once reopened', async () => {
    const { set, version } = await handIn('Reopened with marks')
    const automatic = (await rowOf(set.id)).grade!
    expect(await rowOf(set.id)).toMatchObject({ status: 'ready', provisional: true, marked: false })
    const graded = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/GradeSubmission',
      { homeworkId: set.id, studentId, version, reviews: [{ questionId: 'essay', score: 3 }] },
      tokens.teacher,
    )
    const hers = graded.body.responseData.currentGrade
    expect(hers).toBe(automatic + 3)
    expect(await rowOf(set.id)).toMatchObject({ status: 'ready', grade: hers, provisional: true, marked: true })
    const done = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/MarkSubmissionCorrected',
      { homeworkId: set.id, studentId, version: graded.body.responseData.version },
      tokens.teacher,
    )
    expect(await rowOf(set.id)).toMatchObject({ status: 'done', grade: hers, provisional: false })
    const reopened = await post<SubmissionForCorrection>(
      base,
      '/HomeWork/ReopenSubmissionCorrection',
      { homeworkId: set.id, studentId, version: done.body.responseData.version },
      tokens.teacher,
    )
    expect(reopened.body.responseData).toMatchObject({ status: 'ready', grade: hers, currentGrade: hers, reviews: { essay: { score: 3 } } })
    expect(await rowOf(set.id)).toMatchObject({ status: 'ready', grade: hers, provisional: true, marked: true })
    // She still sees no grade until it is marked corrected again.
    expect((await post<StudentHomework>(base, '/Student/OpenHomework', { homeworkId: set.id }, tokens.student)).body.responseData.result).toBeNull()
  })
})
