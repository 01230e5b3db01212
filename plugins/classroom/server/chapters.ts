import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { CurrentCaller, FaslApi } from '../../../contracts/api.ts'
import type { Chapter, ChapterWithTopics, SemesterOption, Topic } from '../contract/chapters-api.ts'
import { ok } from '../../../contracts/envelope.ts'
import { InvalidInput } from '../../../contracts/failures.ts'
import { requestLocale } from '../../../server/http/request.ts'
import { Clock } from '../../../server/services/clock.ts'
import { inSchool, inSchoolUnlessDuplicate, asCaller } from '../../../server/services/tenancy.ts'
import { found } from '../../../server/db/found.ts'

/*
 * Every statement binds the caller's school through inSchool; an access check binds her id as $1. A teacher reaches a
 * subject only through a class room she teaches that has it; anything else answers 404, as
 * getClassRoomSubjects does, so another teacher's or school's ids are indistinguishable from none.
 * She changes only the chapters she wrote (created_by) and their topics; another teacher's answer
 * 404 as another teacher's homework does. The school's admin changes any of the school's.
 */
const teachesSubject = (subject: string) => `EXISTS (
  SELECT 1 FROM class_room_teachers t JOIN class_room_subjects cs ON cs.class_room_id = t.class_room_id
   WHERE t.teacher_id = $1 AND cs.subject_id = ${subject} AND t.school_id = $school AND cs.school_id = $school)`

const chapterColumns = 'c.id, c.subject_id AS "subjectId", c.semester_id AS "semesterId", c.name'
/** Reads are a teacher's: she may edit what she wrote ($1 is her id). */
const readColumns = `${chapterColumns}, c.created_by = $1 AS editable`
const topicColumns = 't.id, t.chapter_id AS "chapterId", t.name'

const semestersSql = (column: 'en' | 'ar') => `
  SELECT id, name_${column} AS name, to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(ends_on, 'YYYY-MM-DD') AS "endsOn"
    FROM semesters WHERE school_id = $school ORDER BY sort, id`

const sql = {
  teachesClassRoom: 'SELECT 1 FROM class_room_teachers WHERE teacher_id = $1 AND class_room_id = $2 AND school_id = $school',
  semesters: { en: semestersSql('en'), ar: semestersSql('ar') },
  mayUseSubject: `SELECT 1 WHERE ${teachesSubject('$2')}`,
  mayUseSubjectInSemester: `SELECT 1 WHERE ${teachesSubject('$2')} AND EXISTS (SELECT 1 FROM semesters WHERE id = $3 AND school_id = $school)`,
  chapters: `SELECT ${readColumns} FROM chapters c WHERE c.subject_id = $2 AND c.semester_id = $3 AND c.school_id = $school ORDER BY c.id`,
  chapter: `SELECT ${readColumns} FROM chapters c WHERE c.id = $2 AND c.school_id = $school AND ${teachesSubject('c.subject_id')}`,
  // What she may change: her own chapter of a subject she teaches; the admin, any of the school's.
  ownChapter: `SELECT 1 FROM chapters c WHERE c.id = $2 AND c.school_id = $school AND c.created_by = $1 AND ${teachesSubject('c.subject_id')}`,
  schoolChapter: 'SELECT 1 FROM chapters WHERE id = $1 AND school_id = $school',
  currentChapters: `
    SELECT ${readColumns} FROM chapters c JOIN semesters s ON s.id = c.semester_id
     WHERE c.subject_id = $2 AND $3::date BETWEEN s.starts_on AND s.ends_on AND c.school_id = $school AND s.school_id = $school
     ORDER BY c.id`,
  currentTopics: `
    SELECT ${topicColumns} FROM topics t JOIN chapters c ON c.id = t.chapter_id JOIN semesters s ON s.id = c.semester_id
     WHERE c.subject_id = $1 AND $2::date BETWEEN s.starts_on AND s.ends_on
       AND t.school_id = $school AND c.school_id = $school AND s.school_id = $school
     ORDER BY t.id`,
  // A name taken (letter case aside) inserts nothing; the unique index keeps it so under races too.
  createChapter: `
    INSERT INTO chapters (school_id, subject_id, semester_id, name, created_by) VALUES ($school, $2, $3, $4, $1)
    ON CONFLICT DO NOTHING
    RETURNING id, subject_id AS "subjectId", semester_id AS "semesterId", name, true AS editable`,
  // A name taken answers no row; two renames racing for one name pass that check together, and the
  // unique index refuses the second (inSchoolUnlessDuplicate).
  renameChapter: `
    UPDATE chapters c SET name = $2, updated_at = now()
     WHERE c.id = $1 AND c.school_id = $school
       AND NOT EXISTS (SELECT 1 FROM chapters o WHERE o.school_id = $school AND o.subject_id = c.subject_id AND o.semester_id = c.semester_id AND lower(o.name) = lower($2) AND o.id <> c.id)
    RETURNING ${chapterColumns}, true AS editable`,
  // Its topics go with it (ON DELETE CASCADE, migration 0006).
  deleteChapter: 'DELETE FROM chapters WHERE id = $1 AND school_id = $school',
  topics: `SELECT ${topicColumns} FROM topics t WHERE t.chapter_id = $1 AND t.school_id = $school ORDER BY t.id`,
  ownTopic: `
    SELECT 1 FROM topics t JOIN chapters c ON c.id = t.chapter_id
     WHERE t.id = $2 AND t.school_id = $school AND c.school_id = $school AND c.created_by = $1 AND ${teachesSubject('c.subject_id')}`,
  schoolTopic: 'SELECT 1 FROM topics WHERE id = $1 AND school_id = $school',
  // One name per chapter, letter case aside (migration 0011), as chapters.
  createTopic: `
    INSERT INTO topics (school_id, chapter_id, name) VALUES ($school, $1, $2)
    ON CONFLICT DO NOTHING
    RETURNING id, chapter_id AS "chapterId", name`,
  renameTopic: `
    UPDATE topics t SET name = $2
     WHERE t.id = $1 AND t.school_id = $school
       AND NOT EXISTS (SELECT 1 FROM topics o WHERE o.school_id = $school AND o.chapter_id = t.chapter_id AND lower(o.name) = lower($2) AND o.id <> t.id)
    RETURNING ${topicColumns}`,
  deleteTopic: 'DELETE FROM topics WHERE id = $1 AND school_id = $school',
}

const nameTaken = (key: 'chapterNameTaken' | 'topicNameTaken') => Effect.fail(new InvalidInput({ issues: [{ field: 'name', key }] }))

const chapterOfCaller = (id: number) => Effect.flatMap(asCaller<Chapter>(sql.chapter, id), found)

/** The chapter or topic `id` if the caller may change it (its author, or the school's admin), else 404. */
const mayChange = (kind: 'Chapter' | 'Topic', id: number) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    const admin = caller.userType === 'Admin' || caller.userType === 'SuperAdmin'
    return yield* found(admin ? yield* inSchool(sql[`school${kind}`], [id]) : yield* asCaller(sql[`own${kind}`], id))
  })

/** Today's date where the server is (UTC), from the Clock tests move. */
const today = Effect.gen(function* () {
  const clock = yield* Clock
  return new Date(clock.now()).toISOString().slice(0, 10)
})

export const ChaptersHandlers = HttpApiBuilder.group(FaslApi, 'chapters', (handlers) =>
  handlers
    .handle('configuredSemesters', ({ query }) =>
      Effect.gen(function* () {
        yield* found(yield* asCaller(sql.teachesClassRoom, query.ClassRoomID))
        return ok(yield* inSchool<SemesterOption>(sql.semesters[yield* requestLocale]))
      }),
    )
    .handle('listChapters', ({ query }) =>
      Effect.gen(function* () {
        yield* found(yield* asCaller(sql.mayUseSubjectInSemester, query.SubjectID, query.SemesterID))
        return ok(yield* asCaller<Chapter>(sql.chapters, query.SubjectID, query.SemesterID))
      }),
    )
    .handle('currentSemesterChapters', ({ query }) =>
      Effect.gen(function* () {
        yield* found(yield* asCaller(sql.mayUseSubject, query.SubjectID))
        const date = yield* today
        const chapters = yield* asCaller<Chapter>(sql.currentChapters, query.SubjectID, date)
        const topics = chapters.length === 0 ? [] : yield* inSchool<Topic>(sql.currentTopics, [query.SubjectID, date])
        return ok(chapters.map((chapter): ChapterWithTopics => ({ ...chapter, topics: topics.filter((topic) => topic.chapterId === chapter.id) })))
      }),
    )
    .handle('createChapter', ({ payload }) =>
      Effect.gen(function* () {
        yield* found(yield* asCaller(sql.mayUseSubjectInSemester, payload.subjectId, payload.semesterId))
        const [created] = yield* asCaller<Chapter>(sql.createChapter, payload.subjectId, payload.semesterId, payload.name.trim())
        return created === undefined ? yield* nameTaken('chapterNameTaken') : ok(created)
      }),
    )
    .handle('updateChapter', ({ payload }) =>
      Effect.gen(function* () {
        yield* mayChange('Chapter', payload.id)
        const [renamed] = (yield* inSchoolUnlessDuplicate<Chapter>(sql.renameChapter, [payload.id, payload.name.trim()])) ?? []
        return renamed === undefined ? yield* nameTaken('chapterNameTaken') : ok(renamed)
      }),
    )
    .handle('deleteChapter', ({ payload }) =>
      Effect.gen(function* () {
        yield* mayChange('Chapter', payload.id)
        yield* inSchool(sql.deleteChapter, [payload.id])
        return ok(null)
      }),
    )
    .handle('listTopics', ({ query }) =>
      Effect.gen(function* () {
        yield* chapterOfCaller(query.ChapterID)
        return ok(yield* inSchool<Topic>(sql.topics, [query.ChapterID]))
      }),
    )
    .handle('createTopic', ({ payload }) =>
      Effect.gen(function* () {
        yield* mayChange('Chapter', payload.chapterId)
        const [created] = yield* inSchool<Topic>(sql.createTopic, [payload.chapterId, payload.name.trim()])
        return created === undefined ? yield* nameTaken('topicNameTaken') : ok(created)
      }),
    )
    .handle('updateTopic', ({ payload }) =>
      Effect.gen(function* () {
        yield* mayChange('Topic', payload.id)
        const [renamed] = (yield* inSchoolUnlessDuplicate<Topic>(sql.renameTopic, [payload.id, payload.name.trim()])) ?? []
        return renamed === undefined ? yield* nameTaken('topicNameTaken') : ok(renamed)
      }),
    )
    .handle('deleteTopic', ({ payload }) =>
      Effect.gen(function* () {
        yield* mayChange('Topic', payload.id)
        yield* inSchool(sql.deleteTopic, [payload.id])
        return ok(null)
      }),
    ),
)
