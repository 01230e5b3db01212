import { lazy } from 'react'
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

/**
 * The private comments on a student's own work (issue 21), for her homework page (the student
 * feature's): the thread with her teachers, and a box to add to it. Loaded when first shown.
 */
export const MyPrivateComments = lazy(() => import('./comments/private-comments.tsx').then((module) => ({ default: module.PrivateComments })))
