import { useCallback, useEffect, useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import type { ClassRoom, Subject } from '../../contracts/entities.ts'
import { callApi, problemOf, type ApiProblem } from '../api/client.ts'
import { classRoomSlug, routes } from '../app/routes.ts'
import { useLocale } from '../i18n/intl.tsx'
import { localeStore } from '../i18n/locale-store.ts'

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

/** The list, once per language (the server answers names in the request's language). */
let listCache: { locale: string; list: Promise<ReadonlyArray<ClassRoom>> } | null = null

export const fetchClassRooms = (fresh = false): Promise<ReadonlyArray<ClassRoom>> => {
  const locale = localeStore.get()
  if (fresh || listCache === null || listCache.locale !== locale) {
    const list = callApi((c) => c.school.getTeacherClassRooms())
    listCache = { locale, list }
    list.catch(() => {
      if (listCache?.list === list) listCache = null
    })
  }
  return listCache.list
}

export const forgetClassRooms = () => {
  listCache = null
}

export const fetchSubjects = (classRoomId: number): Promise<ReadonlyArray<Subject>> =>
  callApi((c) => c.school.getClassRoomSubjects({ query: { ClassRoomID: classRoomId } }))

/**
 * The class rooms whose URL name is `slug` (the naming rule applied to each name, case-insensitive).
 * Two divisions of one grade share a name, so a link opened without history state may match several.
 */
export const findBySlug = (list: ReadonlyArray<ClassRoom>, slug: string): ReadonlyArray<ClassRoom> =>
  list.filter((room) => classRoomSlug(room.name).toLowerCase() === slug.toLowerCase())

/** Loads the subjects, then opens the class room page with its id and subjects in history state. */
export const openClassRoom = async (classRoom: ClassRoom, options: { replace?: boolean } = {}): Promise<void> => {
  const subjects = await fetchSubjects(classRoom.classRoomId)
  const state: ClassRoomState = { classRoomId: classRoom.classRoomId, classRoom, subjects, locale: localeStore.get() }
  navigate(routes.classroom({ name: classRoom.name }), { state, replace: options.replace ?? false })
}

export type Loadable<A> = { status: 'loading' } | { status: 'error'; problem: ApiProblem } | { status: 'ready'; data: A }

export const useClassRooms = (): Loadable<ReadonlyArray<ClassRoom>> & { reload: () => void } => {
  const [state, setState] = useState<Loadable<ReadonlyArray<ClassRoom>>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const locale = useLocale()
  useEffect(() => {
    let live = true
    fetchClassRooms(attempt > 0).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', problem: problemOf(error) }),
    )
    return () => {
      live = false
    }
  }, [attempt, locale])
  const reload = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  return { ...state, reload }
}
