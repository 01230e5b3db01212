import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { loadCourse, loadSubjects } from '../api.ts'
import { courseRoutes } from '../routes.ts'
import { CourseForm } from './course-form.tsx'

/** The create page (no id) and the edit page: the teacher's subjects, and the course when editing, then the form. */
export function CourseFormPage({ courseId }: { courseId?: number }) {
  const t = useT()
  const editing = courseId !== undefined
  usePageTitle(t(editing ? 'courses.form.editTitle' : 'courses.form.createTitle'))
  const subjects = useResource(['courseSubjects'], loadSubjects)
  const course = useResource(editing && courseId > 0 ? ['course', courseId] : null, () => loadCourse(courseId!), { freshOnMount: true })
  const back = (
    <Link href={courseRoutes.list.link()} className={buttonStyle({ variant: 'outline' })}>
      {t('courses.detail.back')}
    </Link>
  )
  const heading = (
    <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
      {t(editing ? 'courses.form.editTitle' : 'courses.form.createTitle')}
    </h1>
  )
  const body = () => {
    if (editing && courseId <= 0) return <EmptyState title={t('courses.detail.notFound')} action={back} />
    if (subjects.status === 'loading' || (editing && course.status === 'loading')) return <LoadingBlock label={t('shell.common.loading')} />
    if (subjects.status === 'error')
      return (
        <EmptyState
          tone="danger"
          title={t('courses.list.error')}
          text={subjects.problem.message}
          action={<Button onClick={subjects.retry}>{t('shell.common.retry')}</Button>}
        />
      )
    if (editing && course.status === 'error') return <EmptyState title={t('courses.detail.notFound')} text={course.problem.message} action={back} />
    if (subjects.data.length === 0) return <EmptyState title={t('courses.form.noSubjects')} text={t('courses.form.noSubjectsText')} action={back} />
    return <CourseForm subjects={subjects.data} {...(editing && course.status === 'ready' ? { course: course.data } : {})} />
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', maxWidth: '56rem' })}>
      {heading}
      {body()}
    </div>
  )
}
