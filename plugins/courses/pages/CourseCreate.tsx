import { CourseFormPage } from '../components/course-form-page.tsx'

/** /courses/create */
export default function CourseCreate() {
  return <CourseFormPage />
}
