import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { loadMyCourse } from '../api.ts'
import { StoredFileList } from '../../../src/uploads/stored-file-list.tsx'
import { courseFileTestIds } from '../components/course-file-test-ids.ts'
import { CourseHeading } from '../components/course-heading.tsx'
import { CoursesLoadError } from '../components/load-error.tsx'
import { releaseDate } from '../components/release-date.ts'
import { courseRoutes } from '../routes.ts'
import { UserText } from '../../../src/ui/user-text.tsx'

/**
 * A course as a student reads it: subject, title, teacher and release, the description, and its
 * files to download. A course not open to her (another class's, not released yet, none) says so
 * without telling which.
 */
export default function StudentCourseDetail({ params }: PageProps) {
  const t = useT()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const course = useResource(valid ? ['myCourse', id] : null, () => loadMyCourse(id), { freshOnMount: true })
  usePageTitle(course.status === 'ready' ? course.data.title : t('courses.detail.title'))
  const back = (
    <Link href={courseRoutes.list.link()} className={buttonStyle({ variant: 'outline' })} data-testid="course-back">
      {t('courses.detail.back')}
    </Link>
  )
  const notOpen = <EmptyState title={t('courses.student.notFound')} text={t('courses.student.notFoundText')} action={back} testId="my-course-not-found" />
  if (!valid) return notOpen
  if (course.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (course.status === 'error') return course.problem.status === 404 ? notOpen : <CoursesLoadError problem={course.problem} retry={course.retry} />
  const { data } = course
  return (
    <article className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="my-course">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div>{back}</div>
        <CourseHeading subjectName={data.subjectName} title={data.title}>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1' })}>
            <span data-testid="my-course-teacher">{t('courses.student.teacher', { name: isolate(data.teacherName) })}</span>
            <span>{t('courses.student.released', { date: releaseDate(data.releaseDate) })}</span>
          </p>
        </CourseHeading>
      </header>
      <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <UserText as="p" text={data.description} className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })} testId="course-detail-description" />
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('courses.detail.filesHeading', { count: data.attachments.length })}</h2>
        <StoredFileList files={data.attachments} testIds={courseFileTestIds} />
      </Card>
    </article>
  )
}
