import { Schema } from 'effect'
import { Id, IntegerInRange } from '../../../contracts/fields.ts'

/**
 * Accommodation profiles (issue 22): a teacher gives a student extra time once, on her class room's
 * exams tab, and every timed exam applies it without being set again (the deadline is the start plus
 * the duration plus this share of it).
 */
export const accommodationLimits = {
  /** Not in the spec: double time plus the exam's own, 200%, covers every accommodation schools grant. */
  extraTimePercent: { min: 0, max: 200 },
} as const

/** The shares a teacher picks from (time and a quarter, a third, a half, double); the server takes any whole percentage in range. */
export const commonExtraTimePercents = [0, 10, 25, 33, 50, 75, 100] as const

export const ExtraTimePercent = IntegerInRange(accommodationLimits.extraTimePercent)

/** One student of a class room with her extra time (0 when none was given). */
export const StudentAccommodation = Schema.Struct({ studentId: Id, name: Schema.String, extraTimePercent: Schema.Int })
export type StudentAccommodation = typeof StudentAccommodation.Type

/** A class room's students with their extra time, in name order. */
export const ClassRoomAccommodations = Schema.Struct({ classRoomId: Id, students: Schema.Array(StudentAccommodation) })
export type ClassRoomAccommodations = typeof ClassRoomAccommodations.Type

/** Sets one student's extra time; 0 takes it away. */
export const UpdateAccommodation = Schema.Struct({ studentId: Id, extraTimePercent: ExtraTimePercent })
export type UpdateAccommodation = typeof UpdateAccommodation.Type

// Her deadline with this extra time is attempt-clock.ts `deadlineOf`: the one rule the server and the take-exam page count by.
