import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, InvalidInput, NotFound, Refused, Unauthorized } from '../../../contracts/failures.ts'
import { Id, IdFromString, RequiredName } from '../../../contracts/fields.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'
import { Idempotency, idempotencyHeader } from '../../../contracts/api/idempotency.ts'

/** Chapter and topic names: required, 1 to 100 characters once trimmed. */
export const chapterNameMaxLength = 100
const Name = RequiredName(chapterNameMaxLength)

/** One of the school's configured semesters, named in the caller's language. */
export const SemesterOption = Schema.Struct({
  id: Id,
  name: Schema.String,
  /** ISO dates (YYYY-MM-DD), both days included. */
  startsOn: Schema.String,
  endsOn: Schema.String,
})
export type SemesterOption = typeof SemesterOption.Type

export const Topic = Schema.Struct({ id: Id, chapterId: Id, name: Schema.String })
export type Topic = typeof Topic.Type

export const Chapter = Schema.Struct({
  id: Id,
  subjectId: Id,
  semesterId: Id,
  name: Schema.String,
  /** The caller may rename and delete it and change its topics: she wrote it, or she is the school's admin. */
  editable: Schema.Boolean,
})
export type Chapter = typeof Chapter.Type

export const ChapterWithTopics = Schema.Struct({ ...Chapter.fields, topics: Schema.Array(Topic) })
export type ChapterWithTopics = typeof ChapterWithTopics.Type

const read = { error: failures(Unauthorized, Forbidden, NotFound) } as const
const write = { error: failures(Refused, InvalidInput, Unauthorized, Forbidden, NotFound) } as const
/** Changing a chapter (its name, its topics) or deleting it: its author, or the school's admin. */
const authorOrAdmin = allow('Teacher', 'Admin', 'SuperAdmin')

/**
 * Chapters and topics of a subject per semester (school service). A teacher reads the chapters of
 * the subjects she teaches in one of her class rooms and adds chapters to them; only a chapter's
 * author (or the school's admin) renames or deletes it and adds, renames or deletes its topics.
 * Any other subject, chapter, topic, semester or class room (another teacher's, another school's,
 * or none) answers 404, as another teacher's homework does. Chapters are filed homework's
 * (Assignments): a teacher without that role is refused every call (403).
 */
export class ChaptersGroup extends HttpApiGroup.make('chapters')
  .add(
    HttpApiEndpoint.get('configuredSemesters', '/SemestersConfigurations/GetConfiguredSemesetersDropDown', {
      query: { ClassRoomID: IdFromString },
      success: Envelope(Schema.Array(SemesterOption)),
      ...read,
    }).annotateMerge(OpenApi.annotations({ description: "The school's configured semesters in order, for a class room the caller teaches." })),
    HttpApiEndpoint.get('listChapters', '/Chapters/List', {
      query: { SubjectID: IdFromString, SemesterID: IdFromString },
      success: Envelope(Schema.Array(Chapter)),
      ...read,
    }),
    HttpApiEndpoint.get('currentSemesterChapters', '/Chapters/GetCurrentSemeseterSubjectChapters', {
      query: { SubjectID: IdFromString },
      success: Envelope(Schema.Array(ChapterWithTopics)),
      ...read,
    }).annotateMerge(OpenApi.annotations({ description: 'The chapters, each with its topics, of the semester that contains today (none between semesters).' })),
    HttpApiEndpoint.post('createChapter', '/Chapters/CreateChapter', {
      payload: Schema.Struct({ subjectId: Id, semesterId: Id, name: Name }),
      success: Envelope(Chapter),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(OpenApi.annotations({ description: 'A name already used for the subject in that semester (letter case aside) answers 105 on `name`.' })),
    HttpApiEndpoint.post('updateChapter', '/Chapters/Update', {
      payload: Schema.Struct({ id: Id, name: Name }),
      success: Envelope(Chapter),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(authorOrAdmin)
      .annotateMerge(OpenApi.annotations({ description: 'Renames a chapter; a name already used for its subject in its semester answers 105 on `name`.' })),
    HttpApiEndpoint.post('deleteChapter', '/Chapters/Delete', {
      payload: Schema.Struct({ id: Id }),
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(authorOrAdmin)
      .annotateMerge(OpenApi.annotations({ description: 'Deletes the chapter and all its topics.' })),
    HttpApiEndpoint.get('listTopics', '/Topics/List', {
      query: { ChapterID: IdFromString },
      success: Envelope(Schema.Array(Topic)),
      ...read,
    }),
    HttpApiEndpoint.post('createTopic', '/Topics/Create', {
      payload: Schema.Struct({ chapterId: Id, name: Name }),
      success: Envelope(Topic),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(authorOrAdmin),
    HttpApiEndpoint.post('updateTopic', '/Topics/Update', {
      payload: Schema.Struct({ id: Id, name: Name }),
      success: Envelope(Topic),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(authorOrAdmin),
    HttpApiEndpoint.post('deleteTopic', '/Topics/Delete', {
      payload: Schema.Struct({ id: Id }),
      success: Envelope(Schema.Null),
      ...write,
    })
      .middleware(Idempotency)
      .annotateMerge(idempotencyHeader)
      .annotateMerge(authorOrAdmin),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  .annotateMerge(requireRole('Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'Chapters', description: 'Chapters and topics of a subject per semester, and the configured semesters' })) {}
