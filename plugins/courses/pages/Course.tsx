import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { ByRole } from '../components/by-role.tsx'
import CourseDetail from './CourseDetail.tsx'
import StudentCourseDetail from './StudentCourseDetail.tsx'

/** /courses/details/:id: the teacher's course (edit, delete), or the student's reading of it. */
export default function Course(props: PageProps) {
  return <ByRole teacher={() => <CourseDetail {...props} />} student={() => <StudentCourseDetail {...props} />} />
}
