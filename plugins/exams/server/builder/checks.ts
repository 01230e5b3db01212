import { Effect } from 'effect'
import type { Question } from '../../../../contracts/questions/question.ts'
import { effectiveRoles, holdsAnyRole } from '../../../../contracts/roles.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { asCaller, inSchool } from '../../../../server/services/tenancy.ts'
import { checkCorrectors, checkExam, type CorrectorsRulesInput } from '../../contract/exam-rules.ts'
import type { ExamStatus, FixedExamCreate } from '../../contract/exam.ts'
import { nextExamStatus } from '../status/moves.ts'
import { planCorrectors, type StoredCorrector } from './corrector-plan.ts'
import { sql, type ExamRow } from './sql.ts'

/** The role a corrector must hold: she is a teacher who works on exams. */
const correctorRole = 'Exams'

/** Each named corrector is a teacher of the caller's school holding Exams (another school's id reads as none). */
const correctorIssues = (correctors: CorrectorsRulesInput['correctors']) =>
  Effect.gen(function* () {
    if (correctors.length === 0) return []
    const ids = correctors.map((corrector) => corrector.correctorId.toLowerCase())
    const teachers = yield* inSchool<{ id: string; roles: ReadonlyArray<string> }>(sql.teachersAmong, [JSON.stringify(ids)])
    const allowed = new Set(teachers.filter((teacher) => holdsAnyRole(effectiveRoles(teacher.roles, 'Teacher'), [correctorRole])).map((teacher) => teacher.id))
    return ids.flatMap((id, index): Issue[] => (allowed.has(id) ? [] : [{ field: `correctors.${index}.correctorId`, key: 'examCorrectorNotAllowed' }]))
  })

/**
 * What only the database answers about the correctors and, for an exam already stored, what its
 * papers fix: the mode is not converted once a paper is graded, and a corrector who holds papers is not taken off.
 */
const correctorRecordIssues = (input: CorrectorsRulesInput, stored: ExamRow | null) =>
  Effect.gen(function* () {
    const issues: Issue[] = [...(yield* correctorIssues(input.correctors))]
    if (stored === null) return issues
    if (input.correctorsMode !== stored.correctorsMode) {
      const converted = nextExamStatus(
        stored.status as ExamStatus,
        { type: 'teacher.changedCorrectorsMode', mode: input.correctorsMode },
        { anyPaperGraded: stored.anyPaperGraded },
      )
      if (converted === null) issues.push({ field: 'correctorsMode', key: 'correctorsModeLocked' })
    }
    issues.push(...planCorrectors(input.correctors, yield* inSchool<StoredCorrector>(sql.storedCorrectors, [stored.id])).issues)
    const kept = new Set(input.correctors.map((corrector) => corrector.correctorId.toLowerCase()))
    const withPapers = yield* inSchool<{ id: string }>(sql.correctorsWithPapers, [stored.id])
    if (withPapers.some((corrector) => !kept.has(corrector.id))) issues.push({ field: 'correctors', key: 'correctorHasPapers' })
    return issues
  })

/** The correctors' rules of the contract and of the database (UpdateCorrectors). */
export const correctorsIssues = (input: CorrectorsRulesInput, stored: ExamRow) =>
  Effect.map(correctorRecordIssues(input, stored), (issues) => [...checkCorrectors(input), ...issues])

/**
 * Every rule of the contract (exam-rules.ts) and those only the database answers: she teaches the
 * subject, the grade is her school's, the class rooms (or the students' class rooms) are of that grade
 * and she teaches the subject in them, the correctors may correct. `stored`: the exam being updated.
 */
export const examIssues = (input: FixedExamCreate, stored: ExamRow | null) =>
  Effect.gen(function* () {
    const kept = (stored?.questions ?? []) as ReadonlyArray<Question>
    const issues: Issue[] = [...checkExam(input, kept), ...(yield* correctorRecordIssues(input, stored))]
    const subjectTaught = (yield* asCaller(sql.subjectTaught, input.subjectId)).length > 0
    if (!subjectTaught) issues.push({ field: 'subjectId', key: 'examSubjectNotTaught' })
    const stageKnown = (yield* inSchool(sql.stageOfSchool, [input.stageId])).length > 0
    if (!stageKnown) issues.push({ field: 'stageId', key: 'examStageNotFound' })
    if (subjectTaught && stageKnown) {
      const { target } = input
      const ids = target.kind === 'classes' ? target.classRoomIds : target.studentIds
      const statement = target.kind === 'classes' ? sql.allowedClassRooms : sql.allowedStudents
      const allowed = new Set((yield* asCaller<{ id: number }>(statement, input.subjectId, input.stageId, JSON.stringify(ids))).map((row) => row.id))
      const field = target.kind === 'classes' ? 'target.classRoomIds' : 'target.studentIds'
      const key = target.kind === 'classes' ? 'examClassRoomNotAllowed' : 'examStudentNotAllowed'
      ids.forEach((id, index) => {
        if (!allowed.has(id)) issues.push({ field: `${field}.${index}`, key })
      })
    }
    return issues
  })
