import type { ClassRoomStudent } from '../../contracts/homework.ts'
import { callApi, type CallOptions } from '../api/client.ts'

/**
 * A class room's students (name in the reader's language, signed photo link): the class list, the
 * homework target and the correction roster read it under one resource key. Kept apart from
 * class-rooms.ts, which brings the resource hooks, for a page's first reads.
 */
export const classRoomStudentsKey = (classRoomId: number) => ['classRoomStudents', classRoomId] as const
export const fetchClassRoomStudents = (classRoomId: number, options?: CallOptions): Promise<ReadonlyArray<ClassRoomStudent>> =>
  callApi((c) => c.homework.classRoomStudents({ query: { ClassRoomID: classRoomId } }), options)
