import { Schema } from 'effect'
import { Id } from '../../../contracts/fields.ts'

/** A class room as the school's lists show it (teacher-side spec section 3, field names as the spec gives them). */
export const ClassRoom = Schema.Struct({
  classRoomId: Id,
  name: Schema.String,
  division: Schema.String,
  educationalStage: Schema.String,
})
export type ClassRoom = typeof ClassRoom.Type

/** A student of a class room as the teacher's lists show them. */
export const ClassRoomStudent = Schema.Struct({
  id: Id,
  /** In the caller's language. */
  name: Schema.String,
  /** A signed link to the student's photo (expires; ask again for a new one), or null. */
  photoUrl: Schema.NullOr(Schema.String),
})
export type ClassRoomStudent = typeof ClassRoomStudent.Type
