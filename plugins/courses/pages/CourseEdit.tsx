import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { CourseFormPage } from '../components/course-form-page.tsx'

/** /courses/edit/:id */
export default function CourseEdit({ params }: PageProps) {
  const id = Number(params.id)
  return <CourseFormPage courseId={Number.isInteger(id) && id > 0 ? id : -1} />
}
