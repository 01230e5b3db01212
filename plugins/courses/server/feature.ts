import { fileURLToPath } from 'node:url'
import { Layer } from 'effect'
import { CoursesHandlers } from './courses.ts'
import { ensureDemoCourseFiles } from './demo-files.ts'
import { seedCoursesDemo } from './demo-seed.ts'
import { StudentCoursesHandlers } from './student-courses.ts'
import { courseAttachmentUploads, pruneUnlistedCourseUploads } from './unlisted-uploads.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** Courses of a subject with their attachments, and their audience: the class rooms whose students read them from their release date on. */
export const coursesFeature = {
  id: 'courses',
  after: ['classroom'],
  migrations: fileURLToPath(new URL('./migrations/', import.meta.url)),
  ownedTables: ['courses', 'course_attachments', 'course_class_rooms'],
  handlers: Layer.mergeAll(CoursesHandlers, StudentCoursesHandlers),
  uploadPurposes: [courseAttachmentUploads],
  pruneUnlistedUploads: pruneUnlistedCourseUploads,
  seedDemo: seedCoursesDemo,
  ensureDemoFiles: ensureDemoCourseFiles,
} satisfies ServerFeature<'courses' | 'studentCourses'>
