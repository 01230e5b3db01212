import type { StoredFileTestIds } from '../../../src/uploads/stored-file-list.tsx'

/** How the courses' tests find a course's files. */
export const courseFileTestIds: StoredFileTestIds = {
  list: 'course-detail-attachments',
  item: 'course-file',
  name: 'course-file-name',
  meta: 'course-file-meta',
  download: 'course-download',
}
