import { fileURLToPath } from 'node:url'
import { CoursesHandlers } from './courses.ts'
import { pruneUnlistedCourseUploads } from './unlisted-uploads.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Courses of a subject with their attachments. */
export const coursesFeature = {
  id: 'courses',
  after: ['classroom'],
  migrations: fileURLToPath(new URL('./migrations/', import.meta.url)),
  ownedTables: ['courses', 'course_attachments'],
  handlers: CoursesHandlers,
  pruneUnlistedUploads: pruneUnlistedCourseUploads,
} satisfies ServerFeature<'courses'>
