import { ByRole } from '../components/by-role.tsx'
import CourseList from './CourseList.tsx'
import StudentCourseList from './StudentCourseList.tsx'

/** /courses: the teacher's courses, or the courses released to the student's class room. */
export default function Courses() {
  return <ByRole teacher={() => <CourseList />} student={() => <StudentCourseList />} />
}
