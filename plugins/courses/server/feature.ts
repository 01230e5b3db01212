import { CoursesHandlers } from '../../../server/api/courses.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Courses of a subject with their attachments. */
export const coursesFeature = {
  id: 'courses',
  after: ['classroom'],
  ownedTables: ['courses', 'course_attachments'],
  handlers: CoursesHandlers,
} satisfies ServerFeature<'courses'>
