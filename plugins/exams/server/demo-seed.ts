import type { DemoSchool } from '../../../server/feature.ts'
import type { Question } from '../../../contracts/questions/question.ts'

const questions: ReadonlyArray<Question> = [
  {
    type: 2,
    id: 'q1',
    header: 'What is 9 × 6?',
    degree: 2,
    options: [
      { id: 'a', text: '54', correct: true },
      { id: 'b', text: '56', correct: false },
    ],
  },
  { type: 3, id: 'q2', header: 'Every multiple of 4 is even.', degree: 1, correct: true },
  { type: 4, id: 'q3', header: 'Explain how you would check that 7 × 8 = 56.', degree: 3 },
]

const inDays = (days: number, hour: number) => {
  const day = new Date()
  day.setUTCDate(day.getUTCDate() + days)
  day.setUTCHours(hour, 0, 0, 0)
  return day.toISOString()
}

/**
 * The exams' part of the demo school (after the class rooms): two mathematics exams of the demo
 * teacher for Grade 4 A, so her lists are not empty: a draft, and one waiting for approval that the
 * supervisor corrects with her (60/40) and sees in her approval list.
 */
export const seedExamsDemo = async ({ tx, schoolId, staff }: DemoSchool): Promise<void> => {
  const [ids] = await tx.query<{ stageId: number; subjectId: number; roomId: number }>(
    `SELECT cr.stage_id AS "stageId", s.id AS "subjectId", cr.id AS "roomId" FROM class_rooms cr JOIN subjects s ON s.school_id = cr.school_id
      WHERE cr.school_id = $1 AND cr.name_en = 'Grade 4' AND cr.division_en = 'A' AND s.name_en = 'Mathematics'`,
    [schoolId],
  )
  if (ids === undefined) return
  const exams = [
    { title: 'Multiplication monthly test', examType: 'monthly', status: 'draft', day: 7, correctors: [[staff.teacher, 100]] },
    {
      title: 'Mathematics midterm',
      examType: 'midterm',
      status: 'waitingForApproval',
      day: 14,
      correctors: [
        [staff.teacher, 60],
        [staff.supervisor, 40],
      ],
    },
  ] as const
  for (const exam of exams) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO exams (school_id, teacher_id, subject_id, stage_id, title, exam_type, timing, question_order, correctors_mode,
        starts_at, ends_at, duration_minutes, question_count, total_degree, questions, target_kind, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'fixedDay', 'random', 'split', $7, $8, 45, $9, 6, $10::text::jsonb, 'classes', $11) RETURNING id`,
      [
        schoolId,
        staff.teacher,
        ids.subjectId,
        ids.stageId,
        exam.title,
        exam.examType,
        inDays(exam.day, 8),
        inDays(exam.day, 10),
        questions.length,
        JSON.stringify(questions),
        exam.status,
      ],
    )
    await tx.query('INSERT INTO exam_class_rooms (school_id, exam_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, row!.id, ids.roomId])
    for (const [sort, [correctorId, percentage]] of exam.correctors.entries())
      await tx.query('INSERT INTO exam_correctors (school_id, exam_id, corrector_id, percentage, sort) VALUES ($1, $2, $3, $4, $5)', [
        schoolId,
        row!.id,
        correctorId,
        percentage,
        sort,
      ])
  }
}
