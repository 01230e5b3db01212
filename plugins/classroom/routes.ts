import type { ClassRoom } from './contract/class-room.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** The spec's naming rule for a class room in a URL (no spaces, `/` becomes `-`), for routes under /classroom/{name}. */
export const classRoomSlug = (name: string): string => name.replace(/\s+/g, '').replace(/\//g, '-')

/**
 * The class room page, `/classroom/{slug}?at=classRoom&id=12`: the spec's readable name (name and
 * division, "Grade4-A") stays in the path; the room's id in the query is what opens it in a new tab,
 * in the other language or from a bookmark. Subjects still travel in history state (ClassRoomState).
 */
export const classRoomRoute = defineRoute('/classroom/:name', {
  query: ['id'],
  constantQuery: { at: 'classRoom' },
  segment: (_param, value) => classRoomSlug(value),
})

/** The URL's name for a room: its name and division by the spec's rule ("Grade 4" + "A" → "Grade4-A"); `tab` opens another of its tabs (`?at=`). */
export const classRoomLink = (room: ClassRoom, tab?: string): string => {
  const link = classRoomRoute.link({ name: classRoomName(room), id: String(room.classRoomId) })
  if (tab === undefined) return link
  const [path, query] = link.split('?') as [string, string]
  const search = new URLSearchParams(query)
  search.set('at', tab)
  return `${path}?${search.toString()}`
}

/** The name links into a room carry (its name and division), made readable by classRoomSlug. */
export const classRoomName = (room: ClassRoom): string => `${room.name}/${room.division}`
