import type { Question } from '../../../contracts/questions/question.ts'
import { demo } from './app.ts'
import { apiCall, tokenOf } from './homework-api.ts'

interface ExamLine {
  readonly id: number
  readonly subjectId: number
  readonly stageId: number
  readonly teacherId: string
  readonly status: string
}

/**
 * An exam the demo teacher builds for her Grade 4 A (the class room of the demo draft's), which the
 * supervisor approves and she assigns, through the exam service's calls: open from a minute ago for
 * two hours, `durationMinutes` long, the teacher its only corrector. Answers its id.
 */
export const assignedExam = async (
  baseURL: string,
  exam: {
    title: string
    questions: ReadonlyArray<Question>
    durationMinutes?: number
    questionOrder?: 'random' | 'same'
    /** Other class rooms of the teacher than the demo draft's (Grade 4 A). */
    classRoomIds?: ReadonlyArray<number>
  },
): Promise<number> => {
  const teacher = await tokenOf(baseURL, demo.teacher)
  const supervisor = await tokenOf(baseURL, demo.supervisor)
  const lines = await apiCall<ExamLine[]>(baseURL, 'POST', '/exam/api/Exams/GetTeacherExams', teacher, {})
  const draft = lines.data.find((line) => line.status === 'draft')!
  const details = await apiCall<{ target: { kind: 'classes'; classRoomIds: number[] } }>(
    baseURL,
    'GET',
    `/exam/api/ExamBuilder/GetFixedExamForEdit?ExamID=${draft.id}`,
    teacher,
  )
  const now = Date.now()
  const created = await apiCall<{ id: number }>(baseURL, 'POST', '/exam/api/ExamBuilder/CreateFixedExam', teacher, {
    title: exam.title,
    subjectId: draft.subjectId,
    stageId: draft.stageId,
    examType: 'monthly',
    training: false,
    timing: 'fixedDay',
    questionOrder: exam.questionOrder ?? 'same',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 2 * 60 * 60_000).toISOString(),
    durationMinutes: exam.durationMinutes ?? 30,
    questionCount: exam.questions.length,
    totalDegree: exam.questions.reduce((sum, question) => sum + question.degree, 0),
    questions: exam.questions,
    target: exam.classRoomIds === undefined ? details.data.target : { kind: 'classes', classRoomIds: exam.classRoomIds },
    correctorsMode: 'split',
    correctors: [{ correctorId: draft.teacherId, percentage: 100 }],
  })
  if (created.code !== 200) throw new Error(`the exam was not created: ${JSON.stringify(created)}`)
  const examId = created.data.id
  for (const [token, path, body] of [
    [teacher, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'submit' }],
    [supervisor, '/exam/api/ExamBuilder/UpdateApprovalStatusForFixedExam', { examId, decision: 'approve' }],
    [teacher, '/exam/api/ExamBuilder/AssignFixedExam', { examId }],
  ] as const) {
    const moved = await apiCall(baseURL, 'POST', path, token, body)
    if (moved.code !== 200) throw new Error(`${path} refused: ${JSON.stringify(moved)}`)
  }
  return examId
}
