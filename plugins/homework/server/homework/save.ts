import { Effect } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import { ResponseCode } from '../../../../contracts/errors.ts'
import { defaultAnswersRelease, type AnswersRelease } from '../../contract/answers-release.ts'
import { defaultLateWork, type LateWork } from '../../contract/late-work.ts'
import type { HomeworkClone, HomeworkEdit, HomeworkInsert, HomeworkTarget } from '../../contract/homework.ts'
import { requestedTopics } from '../../contract/homework-rules.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { Db } from '../../../../server/services/db.ts'
import { inSchool } from '../../../../server/services/tenancy.ts'
import { deleteStoredFiles } from '../../../../server/uploads/streamed-upload.ts'
import { mustTeach, refuseIssues, refuseWithCode } from './caller.ts'
import { contentIssues, lockedIssues } from './checks.ts'
import { ownDetails, ownHomework, sameDayWarning } from './details.ts'
import { insertTargets, insertTopics, sql } from './sql.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import { announcePublished, withdrawPublication } from '../domain-events.ts'
import { copyLinks, materialFileKeys, materialsIssues, writeMaterials } from './materials.ts'

interface Stored {
  readonly subjectId: number
  readonly chapterId: number | null
  readonly topicIds: ReadonlyArray<number>
  readonly type: 'homework' | 'quiz'
  readonly quizMode: string | null
  readonly answersRelease: AnswersRelease
  readonly lateWork: LateWork
  readonly title: string
  readonly text: string
  readonly questions: ReadonlyArray<Question>
  readonly totalDegree: number
  readonly startsAt: string
  readonly dueAt: string
  readonly target: HomeworkTarget
}

/** The columns $3… of insert and update, in their order. */
const columns = (input: Stored) => [
  input.subjectId,
  input.chapterId,
  input.type,
  input.type === 'quiz' ? input.quizMode : null,
  input.title.trim(),
  input.text.trim(),
  JSON.stringify(input.questions),
  input.totalDegree,
  input.startsAt,
  input.dueAt,
  input.target.kind,
  input.target.kind === 'students' ? (input.target.customDueAt ?? null) : null,
  input.answersRelease,
  input.lateWork,
]

/** The materials are written beside the row (materials.ts), not among its columns. */
type Content = Omit<HomeworkInsert, 'classRoomId' | 'materials'>

/** `kept`: the stored settings an edit that names none leaves as they were; an insert takes the defaults. */
const storedOf = (input: Content, kept?: Pick<Stored, 'answersRelease' | 'lateWork'>): Stored => ({
  ...input,
  chapterId: input.chapterId ?? null,
  topicIds: (input.chapterId ?? null) === null ? [] : requestedTopics(input).map((topic) => topic.id),
  quizMode: input.quizMode ?? null,
  answersRelease: input.answersRelease ?? kept?.answersRelease ?? defaultAnswersRelease(input.type, input.quizMode),
  lateWork: input.lateWork ?? kept?.lateWork ?? defaultLateWork,
})

const writeTargets = (homeworkId: number, target: HomeworkTarget) =>
  target.kind === 'students' && target.studentIds.length > 0
    ? inSchool(insertTargets(target.studentIds.length), [homeworkId, ...target.studentIds])
    : Effect.succeed([])

const writeTopics = (homeworkId: number, topicIds: ReadonlyArray<number>) =>
  topicIds.length > 0 ? inSchool(insertTopics(topicIds.length), [homeworkId, ...topicIds]) : Effect.succeed([])

/** Inserts a homework of the caller and its targets; answers its id. */
const insertRow = (classRoomId: number, input: Stored) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    const values = columns(input)
    const [row] = yield* inSchool<{ id: number }>(sql.insertHomework, [classRoomId, values[0], values[1], caller.userId, ...values.slice(2)])
    yield* writeTargets(row!.id, input.target)
    yield* writeTopics(row!.id, input.topicIds)
    yield* announcePublished(row!.id)
    return row!.id
  })

const saved = (id: number) =>
  Effect.gen(function* () {
    const homework = yield* ownDetails(id)
    return { homework, warning: yield* sameDayWarning(homework) }
  })

export const insertHomework = (payload: HomeworkInsert) =>
  Effect.gen(function* () {
    yield* mustTeach(payload.classRoomId)
    const { classRoomId, materials, ...content } = payload
    yield* refuseIssues([...(yield* contentIssues(classRoomId, content)), ...(yield* materialsIssues(materials, null))])
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const id = yield* insertRow(classRoomId, storedOf(content))
        yield* writeMaterials(id, materials)
        return yield* saved(id)
      }),
    )
  })

export const editHomework = (payload: HomeworkEdit) =>
  Effect.gen(function* () {
    const stored = yield* ownHomework(payload.id)
    if (stored.version !== payload.version) return yield* refuseWithCode(ResponseCode.changedElsewhere)
    const { id, version, materials, ...content } = payload
    const answered = stored.answeredCount === 0 ? [] : (yield* inSchool<{ id: number }>(sql.answeredStudents, [id])).map((row) => row.id)
    yield* refuseIssues([
      ...(yield* contentIssues(stored.classRoomId, content, stored.questions as ReadonlyArray<Question>)),
      ...lockedIssues(stored, content, answered),
      ...(yield* materialsIssues(materials, id)),
    ])
    const next = storedOf(content, stored)
    const db = yield* Db
    const edited = yield* db.transaction(
      Effect.gen(function* () {
        const [updated] = yield* inSchool<{ id: number }>(sql.updateHomework, [id, version, ...columns(next)])
        if (updated === undefined) return yield* refuseWithCode(ResponseCode.changedElsewhere)
        yield* inSchool(sql.deleteTargets, [id])
        yield* writeTargets(id, content.target)
        yield* inSchool(sql.deleteTopics, [id])
        yield* writeTopics(id, next.topicIds)
        const dropped = yield* writeMaterials(id, materials)
        yield* announcePublished(id)
        return { details: yield* ownDetails(id), dropped }
      }),
    )
    // Files taken off the list: their rows went with the commit, their bytes go now.
    yield* deleteStoredFiles(edited.dropped)
    return edited.details
  })

/** Students' work goes with it only when the teacher confirmed (forceDelete=true); else code 145. */
export const removeHomework = (id: number, forceDelete: boolean) =>
  Effect.gen(function* () {
    const stored = yield* ownHomework(id)
    if (stored.answeredCount > 0 && !forceDelete) return yield* refuseWithCode(homeworkCodes.homeworkAnswered)
    const db = yield* Db
    // Its students' answer files go with it: the rows by the cascade, the stored bytes after the commit.
    const files = yield* db.transaction(
      Effect.gen(function* () {
        const keys = yield* inSchool<{ fileKey: string }>(sql.answerFilesOf, [id])
        const materialKeys = yield* materialFileKeys(id)
        yield* withdrawPublication(id)
        yield* inSchool(sql.deleteHomework, [id])
        return [...keys.map((file) => file.fileKey), ...materialKeys]
      }),
    )
    yield* deleteStoredFiles(files)
    return null
  })

/** A copy for a class room the caller teaches, for the whole class, on the dates given. */
export const cloneHomework = (payload: HomeworkClone) =>
  Effect.gen(function* () {
    const source = yield* ownHomework(payload.homeworkId)
    yield* mustTeach(payload.classRoomId)
    const subjectId = payload.subjectId ?? source.subjectId
    const issues: Issue[] = []
    if ((yield* inSchool(sql.subjectInClassRoom, [payload.classRoomId, subjectId])).length === 0)
      issues.push({ field: 'subjectId', key: 'subjectNotInClassRoom' })
    if (!(Date.parse(payload.dueAt) > Date.parse(payload.startsAt))) issues.push({ field: 'dueAt', key: 'dueAfterStart' })
    yield* refuseIssues(issues)
    const sameSubject = subjectId === source.subjectId
    const copy: Stored = {
      subjectId,
      chapterId: sameSubject ? source.chapterId : null,
      topicIds: sameSubject ? source.topicIds : [],
      type: source.type,
      quizMode: source.quizMode,
      answersRelease: source.answersRelease,
      lateWork: source.lateWork,
      title: payload.title ?? source.title,
      text: source.text,
      questions: source.questions as ReadonlyArray<Question>,
      totalDegree: source.totalDegree,
      startsAt: payload.startsAt,
      dueAt: payload.dueAt,
      target: { kind: 'class' },
    }
    const db = yield* Db
    return yield* db.transaction(
      Effect.gen(function* () {
        const id = yield* insertRow(payload.classRoomId, copy)
        yield* copyLinks(source.id, id)
        return yield* saved(id)
      }),
    )
  })
