import { navigate } from 'wouter/use-browser-location'
import type { ClassRoom, Subject } from '../../contracts/entities.ts'
import type { ClassRoomStudent } from '../../contracts/entities.ts'
import { callApi, type CallOptions } from '../api/client.ts'
import { classRoomSlug, shellRoutes } from '../plugin-host/shell-routes.ts'
import { localeStore } from '../i18n/locale-store.ts'
import { useResource } from '../resources/resource.ts'

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

/** The signed-in teacher's class rooms, through the one resource hook (per account and language). */
export const useClassRooms = () => useResource(['classRooms'], loadClassRooms)

/** A class room's students (name in the reader's language, signed photo link): the class list, the homework target and the correction roster read it under one resource key. */
export const classRoomStudentsKey = (classRoomId: number) => ['classRoomStudents', classRoomId] as const
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

/** The URL's name for a room: its name and division by the spec's rule ("Grade 4" + "A" → "Grade4-A"); `tab` opens another of its tabs (`?at=`). */
export const classRoomLink = (room: ClassRoom, tab?: string): string => {
  const link = shellRoutes.classRoom.link({ name: classRoomName(room), id: String(room.classRoomId) })
  if (tab === undefined) return link
  const [path, query] = link.split('?') as [string, string]
  const search = new URLSearchParams(query)
  search.set('at', tab)
  return `${path}?${search.toString()}`
}

/** The name links into a room carry (its name and division), made readable by classRoomSlug. */
export const classRoomName = (room: ClassRoom): string => `${room.name}/${room.division}`

/** Loads the subjects, then opens the class room page with its id and subjects in history state. */
export const openClassRoom = async (classRoom: ClassRoom, options: { replace?: boolean } = {}): Promise<void> => {
  const subjects = await fetchSubjects(classRoom.classRoomId)
  const state: ClassRoomState = { classRoomId: classRoom.classRoomId, classRoom, subjects, locale: localeStore.get() }
  navigate(classRoomLink(classRoom), { state, replace: options.replace ?? false })
}
