import { Effect } from 'effect'
import type { HomeworkTarget } from '../../contract/homework.ts'
import { checkHomework, requestedTopics, type HomeworkRulesInput } from '../../contract/homework-rules.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import type { HomeworkRow } from './sql.ts'
import { sql } from './sql.ts'

export interface ContentInput extends HomeworkRulesInput {
  readonly subjectId: number
}

const studentIdsOf = (target: HomeworkTarget): ReadonlyArray<number> => (target.kind === 'students' ? target.studentIds : [])

/**
 * Every rule of the contract (plugins/homework/contract/homework-rules.ts) and those only the database can answer:
 * the subject is taught in the class room, the chapter is the subject's, each topic the chapter's,
 * the chosen students are of the class room. Ids of another school read as not found there.
 */
export const contentIssues = (classRoomId: number, input: ContentInput, kept: ReadonlyArray<Question> = []) =>
  Effect.gen(function* () {
    const issues: Issue[] = [...checkHomework(input, kept)]
    const subjectTaught = (yield* inSchool(sql.subjectInClassRoom, [classRoomId, input.subjectId])).length > 0
    if (!subjectTaught) issues.push({ field: 'subjectId', key: 'subjectNotInClassRoom' })
    const chapterId = input.chapterId ?? null
    if (chapterId !== null && subjectTaught && (yield* inSchool(sql.chapterOfSubject, [chapterId, input.subjectId])).length === 0)
      issues.push({ field: 'chapterId', key: 'chapterNotOfSubject' })
    const topics = requestedTopics(input)
    if (topics.length > 0 && chapterId !== null) {
      // Another chapter's, another subject's or another school's topic is not among the chapter's.
      const ids = topics.map((topic) => topic.id)
      const ofChapter = new Set((yield* inSchool<{ id: number }>(sql.topicsOfChapter, [chapterId, JSON.stringify(ids)])).map((row) => row.id))
      topics.forEach(({ id, field }) => {
        if (!ofChapter.has(id)) issues.push({ field, key: 'topicNotInChapter' })
      })
    }
    const studentIds = studentIdsOf(input.target)
    if (studentIds.length > 0) {
      const inRoom = new Set((yield* inSchool<{ id: number }>(sql.studentsOfClassRoom, [classRoomId, JSON.stringify(studentIds)])).map((row) => row.id))
      studentIds.forEach((id, index) => {
        if (!inRoom.has(id)) issues.push({ field: `target.studentIds.${index}`, key: 'studentNotInClassRoom' })
      })
    }
    return issues
  })

/** The same JSON whatever the key order (jsonb keeps its own). */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/**
 * Once a student has answered, what the answers were given to stays: the type, quiz mode, subject,
 * questions and total degree; and every student who answered stays targeted.
 */
export const lockedIssues = (
  stored: HomeworkRow,
  input: ContentInput & { readonly quizMode?: string | null | undefined },
  answeredStudentIds: ReadonlyArray<number>,
): Issue[] => {
  if (stored.answeredCount === 0) return []
  const changed: Array<[string, boolean]> = [
    ['type', input.type !== stored.type],
    ['quizMode', (input.quizMode ?? null) !== stored.quizMode],
    ['subjectId', input.subjectId !== stored.subjectId],
    ['questions', canonical(input.questions) !== canonical(stored.questions)],
    ['totalDegree', input.totalDegree !== stored.totalDegree],
  ]
  const issues: Issue[] = changed.filter(([, differs]) => differs).map(([field]) => ({ field, key: 'homeworkAnsweredLocked' }))
  if (input.target.kind === 'students') {
    const kept = new Set(input.target.studentIds)
    if (answeredStudentIds.some((id) => !kept.has(id))) issues.push({ field: 'target.studentIds', key: 'studentAlreadyAnswered' })
  }
  return issues
}
