import { navigate } from 'wouter/use-browser-location'
import type { Subject } from '../../contracts/entities.ts'
import type { ClassRoom } from './contract/class-room.ts'
import type { ClassRoomStudent } from './contract/class-room.ts'
import { callApi, type CallOptions } from '../../src/api/client.ts'
import { classRoomLink, classRoomSlug } from './routes.ts'
import { localeStore } from '../../src/i18n/locale-store.ts'

/** What travels in history state to /classroom/{name} (spec §2); absent after a reload. */
export interface ClassRoomState {
  readonly classRoomId: number
  readonly classRoom: ClassRoom
  readonly subjects: ReadonlyArray<Subject>
  /** The language the server named things in; another language means fetching them again. */
  readonly locale?: string
}

export const isClassRoomState = (value: unknown): value is ClassRoomState =>
  typeof value === 'object' && value !== null && typeof (value as ClassRoomState).classRoomId === 'number' && Array.isArray((value as ClassRoomState).subjects)

/** The teacher's class rooms (names in the request's language). */
export const loadClassRooms = (): Promise<ReadonlyArray<ClassRoom>> => callApi((c) => c.school.getTeacherClassRooms())

/**
 * A class room's students (name in the reader's language, signed photo link). The call is in
 * homework's API group (the server serves it with homework's calls); the class room, whose students
 * they are, owns the read (its key: class-room-reads.ts).
 */
export const fetchClassRoomStudents = (classRoomId: number, options?: CallOptions): Promise<ReadonlyArray<ClassRoomStudent>> =>
  callApi((c) => c.homework.classRoomStudents({ query: { ClassRoomID: classRoomId } }), options)

export const fetchSubjects = (classRoomId: number): Promise<ReadonlyArray<Subject>> =>
  callApi((c) => c.school.getClassRoomSubjects({ query: { ClassRoomID: classRoomId } }))

/**
 * The class rooms whose URL name is `slug` (the naming rule applied to each name, case-insensitive).
 * Two divisions of one grade share a name, so a link opened without history state may match several.
 */
export const findBySlug = (list: ReadonlyArray<ClassRoom>, slug: string): ReadonlyArray<ClassRoom> => {
  const wanted = slug.toLowerCase()
  const withDivision = list.filter((room) => classRoomSlug(`${room.name}/${room.division}`).toLowerCase() === wanted)
  return withDivision.length > 0 ? withDivision : list.filter((room) => classRoomSlug(room.name).toLowerCase() === wanted)
}

/** Loads the subjects, then opens the class room page with its id and subjects in history state. */
export const openClassRoom = async (classRoom: ClassRoom, options: { replace?: boolean } = {}): Promise<void> => {
  const subjects = await fetchSubjects(classRoom.classRoomId)
  const state: ClassRoomState = { classRoomId: classRoom.classRoomId, classRoom, subjects, locale: localeStore.get() }
  navigate(classRoomLink(classRoom), { state, replace: options.replace ?? false })
}
