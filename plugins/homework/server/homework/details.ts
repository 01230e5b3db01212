import { Effect } from 'effect'
import type { HomeworkDetails, HomeworkTarget, HomeworkWarning } from '../../contract/homework.ts'
import type { Question } from '../../../../contracts/questions/question.ts'
import { requestLocale } from '../../../../server/http/request.ts'
import { inSchool, asCaller } from '../../../../server/services/tenancy.ts'
import { callerOffsetMs, dayAround } from './day-window.ts'
import { sql, type HomeworkRow } from './sql.ts'
import { homeworkCatalogue } from '../../contract/catalogue.ts'
import { homeworkCodes } from '../../contract/codes.ts'
import { found } from '../../../../server/db/found.ts'
import { materialsOf } from './materials.ts'

/** The caller's own homework (404 for anyone else's), as stored. */
export const ownHomework = (id: number) => Effect.flatMap(asCaller<HomeworkRow>(sql.ownHomework, id), found)

const targetOf = (row: HomeworkRow, studentIds: ReadonlyArray<number>): HomeworkTarget =>
  row.targetKind === 'class' ? { kind: 'class' } : { kind: 'students', studentIds, customDueAt: row.customDueAt }

export const detailsOf = (row: HomeworkRow) =>
  Effect.gen(function* () {
    const studentIds = row.targetKind === 'students' ? (yield* inSchool<{ id: number }>(sql.targets, [row.id])).map((target) => target.id) : []
    const { targetKind: _kind, customDueAt: _custom, questions, ...rest } = row
    const details: HomeworkDetails = {
      ...rest,
      topicId: row.topicIds[0] ?? null,
      questions: questions as ReadonlyArray<Question>,
      target: targetOf(row, studentIds),
      materials: yield* materialsOf(row.id),
    }
    return details
  })

/** The caller's homework as answered after a write. */
export const ownDetails = (id: number) => Effect.flatMap(ownHomework(id), detailsOf)

/**
 * The spec's "homework already exists for the class": other homework of the class room due the
 * same day of the caller (her X-Timezone-Offset) as `saved`.
 */
export const sameDayWarning = (saved: HomeworkDetails) =>
  Effect.gen(function* () {
    const window = dayAround(Date.parse(saved.dueAt), yield* callerOffsetMs)
    const others = yield* inSchool<{ id: number }>(sql.dueThatDay, [saved.classRoomId, window.from, window.to, saved.id])
    if (others.length === 0) return null
    const locale = yield* requestLocale
    const warning: HomeworkWarning = {
      code: homeworkCodes.homeworkExistsForClass,
      message: homeworkCatalogue[homeworkCodes.homeworkExistsForClass]![locale],
      homeworkIds: others.map((other) => other.id),
    }
    return warning
  })
