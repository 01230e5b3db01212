import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HomeworkDetails } from '../../../plugins/homework/contract/homework.ts'
import type { Question } from '../../../contracts/questions/question.ts'
import type { StudentHomework } from '../../../plugins/homework/contract/submissions.ts'
import type { StartedServer } from '../../../server/app.ts'
import { idsReproducing } from '../../support/public-seeded-shuffle.ts'
import { testDatabases } from '../support/databases.ts'
import { demoIds, type DemoIds } from '../support/homework.ts'
import { accounts, signedIn } from '../support/http.ts'
import { get, homeworkAround, insertHomework, post, studentOf } from '../support/submissions.ts'

/**
 * Re-arrange and connect questions on the real server (issue 19): the order a student is shown
 * cannot be worked out from anything she sees (the public seed of before is tried over a range of
 * student ids, hers among them), it is the same on every read, and a question needs three items or
 * pairs, while one stored with two before the rule still loads, scores and can be kept on an edit.
 */
const items = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index + 1}`, text: `${prefix.toUpperCase()} ${index + 1}` }))
const rearrange = (id: string, count: number): Question => ({ type: 6, id, header: 'Put the steps in order.', degree: 1, items: items('s', count) })
const connect = (id: string, count: number): Question => ({
  type: 8,
  id,
  header: 'Match each country with its capital.',
  degree: 1,
  pairs: items('l', count).map((left, index) => ({ left, right: items('r', count)[index]! })),
})

describe.each(testDatabases)('re-arrange and connect questions on $name', (database) => {
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

  const homeworkOf = (questions: ReadonlyArray<Question>) =>
    homeworkAround(Date.now(), ids.roomA, ids.mathematics, 48, { questions, totalDegree: questions.reduce((sum, question) => sum + question.degree, 0) })
  const open = async (homeworkId: number) => {
    const answer = await post<StudentHomework>(base, '/Student/OpenHomework', { homeworkId }, tokens.student)
    expect(answer.body.responseCode, JSON.stringify(answer.body)).toBe(200)
    return answer.body.responseData
  }
  const shownOrder = (view: StudentHomework, questionId: string): string[] => {
    const question = view.questions.find((entry) => entry.id === questionId)
    if (question?.type === 6) return question.items.map((item) => item.id)
    if (question?.type === 8) return question.right.map((item) => item.id)
    throw new Error(`no question ${questionId}`)
  }

  it("the order a student is shown is not the public seeded shuffle of any student id from 1 to 5000 (the probe's attack fails), and is the same on every read", async () => {
    const homework = await insertHomework(base, tokens.teacher, homeworkOf([rearrange('steps', 12), connect('match', 12)]))
    const view = await open(homework.id)
    const steps = shownOrder(view, 'steps')
    const rights = shownOrder(view, 'match')
    expect([...steps].sort()).toEqual(
      items('s', 12)
        .map((item) => item.id)
        .sort(),
    )
    expect(steps).not.toEqual(items('s', 12).map((item) => item.id))
    // The attack of the issue: her own id is in the range tried.
    expect(studentId).toBeLessThanOrEqual(5000)
    const range = Array.from({ length: 5000 }, (_, index) => index + 1)
    expect(
      idsReproducing(
        items('s', 12).map((item) => item.id),
        steps,
        homework.id,
        'steps',
        range,
      ),
    ).toEqual([])
    expect(
      idsReproducing(
        items('r', 12).map((item) => item.id),
        rights,
        homework.id,
        'match',
        range,
      ),
    ).toEqual([])
    // A reload, and the homework read again after a draft: the same order.
    expect((await open(homework.id)).questions).toEqual(view.questions)
    const saved = await post<StudentHomework>(
      base,
      '/Student/SaveHomeworkDraft',
      { homeworkId: homework.id, version: view.version, answers: { steps: { type: 6, order: steps } } },
      tokens.student,
    )
    expect(saved.body.responseCode, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.responseData.questions).toEqual(view.questions)
  })

  it('scores an answer by its keys, whatever order she was shown: the right order and matches are full marks', async () => {
    const homework = await insertHomework(base, tokens.teacher, homeworkOf([rearrange('steps', 4), connect('match', 4)]))
    const view = await open(homework.id)
    const answers = {
      steps: { type: 6, order: items('s', 4).map((item) => item.id) },
      match: { type: 8, matches: Object.fromEntries(items('l', 4).map((left, index) => [left.id, `r${index + 1}`])) },
    }
    const submitted = await post<StudentHomework>(base, '/Student/SubmitHomework', { homeworkId: homework.id, version: view.version, answers }, tokens.student)
    expect(submitted.body.responseCode, JSON.stringify(submitted.body)).toBe(200)
    const correction = await get<{ autoScores: Record<string, { score: number; outcome: string }> }>(
      base,
      `/HomeWork/GetStudentSubmission?HomeworkID=${homework.id}&StudentID=${studentId}`,
      tokens.teacher,
    )
    expect(correction.body.responseData.autoScores).toMatchObject({ steps: { score: 1, outcome: 'correct' }, match: { score: 1, outcome: 'correct' } })
  })

  for (const [name, question, field] of [
    ['re-arrange needs at least three items', rearrange, 'questions.0.items'],
    ['connect needs at least three pairs', connect, 'questions.0.pairs'],
  ] as const) {
    it(`${name}: two are refused with 105 and the message in English and Arabic, three are accepted`, async () => {
      const messages = {
        'en-US': name.startsWith('re-arrange') ? 'Add at least 3 items to put in order.' : 'Add at least 3 pairs to match.',
        'ar-EG': name.startsWith('re-arrange') ? 'أضف ٣ عناصر على الأقل لترتيبها.' : 'أضف ٣ أزواج على الأقل للتوصيل.',
      }
      for (const language of ['en-US', 'ar-EG'] as const) {
        const refused = await post(base, '/HomeWork/InsertHomeWork', homeworkOf([question('q', 2)]), tokens.teacher, { language })
        expect(refused.body.responseCode, JSON.stringify(refused.body)).toBe(105)
        expect(refused.body.validationList).toEqual([{ field, message: messages[language] }])
      }
      const accepted = await post<{ homework: HomeworkDetails }>(base, '/HomeWork/InsertHomeWork', homeworkOf([question('q', 3)]), tokens.teacher)
      expect(accepted.body.responseCode, JSON.stringify(accepted.body)).toBe(200)
    })
  }

  it('a two-item question stored before the rule still opens and scores, and an edit keeps it while its items are unchanged (changed, it needs three)', async () => {
    const stored = [rearrange('steps', 2), connect('match', 2)]
    const storedBeforeTheRule = async () => {
      const homework = await insertHomework(base, tokens.teacher, homeworkOf([rearrange('steps', 3), connect('match', 3)]))
      await server.db.query('UPDATE homework SET questions = $1::text::jsonb WHERE id = $2', [JSON.stringify(stored), homework.id])
      return { ...homework, questions: stored }
    }
    const answered = await storedBeforeTheRule()
    const view = await open(answered.id)
    expect([...shownOrder(view, 'steps')].sort()).toEqual(['s1', 's2'])
    expect([...shownOrder(view, 'match')].sort()).toEqual(['r1', 'r2'])
    const answers = { steps: { type: 6, order: ['s1', 's2'] }, match: { type: 8, matches: { l1: 'r1', l2: 'r2' } } }
    const submitted = await post<StudentHomework>(base, '/Student/SubmitHomework', { homeworkId: answered.id, version: view.version, answers }, tokens.student)
    expect(submitted.body.responseCode, JSON.stringify(submitted.body)).toBe(200)
    const correction = await get<{ autoScores: Record<string, { score: number }> }>(
      base,
      `/HomeWork/GetStudentSubmission?HomeworkID=${answered.id}&StudentID=${studentId}`,
      tokens.teacher,
    )
    expect(correction.body.responseData.autoScores).toMatchObject({ steps: { score: 1 }, match: { score: 1 } })

    const { id, version, subjectId, chapterId, topicId, title, text, type, quizMode, totalDegree, startsAt, dueAt, target } = await storedBeforeTheRule()
    const edit = {
      id,
      version,
      subjectId,
      chapterId,
      topicId,
      title,
      text,
      type,
      quizMode,
      questions: stored,
      totalDegree,
      startsAt,
      dueAt: new Date(Date.parse(dueAt) + 3_600_000).toISOString(),
      target,
    }
    const renamed = {
      ...stored[0]!,
      items: [
        { id: 's1', text: 'First' },
        { id: 's2', text: 'Second' },
      ],
    } as Question
    const changed = await post(base, '/HomeWork/EditHomeWork', { ...edit, questions: [renamed, stored[1]!] }, tokens.teacher)
    expect(changed.body.responseCode).toBe(105)
    expect(changed.body.validationList.map((entry) => entry.field)).toEqual(['questions.0.items'])
    const kept = await post(base, '/HomeWork/EditHomeWork', edit, tokens.teacher)
    expect(kept.body.responseCode, JSON.stringify(kept.body)).toBe(200)
  })
})
