import { classRoomSlug } from '../classroom/public.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/**
 * The homework feature's public part: what other features may import of it (the boundary check,
 * .dependency-cruiser.js, refuses anything else). Kept to declarations: it loads with every manifest.
 */

/**
 * `/classroom/{slug}/homeworkStudentsList?id=12&homework=34&student=56`: the correction of a class
 * room's homework (the readable name in the path as the class room page has it; the room, the
 * homework and the student being corrected in the query). The class room page links to it.
 */
export const homeworkStudentsListRoute = defineRoute('/classroom/:name/homeworkStudentsList', {
  query: ['id', 'homework', 'student'],
  segment: (_param, value) => classRoomSlug(value),
})
