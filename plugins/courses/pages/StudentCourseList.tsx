import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { loadMyCourses } from '../api.ts'
import { CourseCard, courseGrid } from '../components/course-card.tsx'
import { CoursesLoadError } from '../components/load-error.tsx'
import { releaseDate } from '../components/release-date.ts'
import { CoursesIcon } from '../nav-icon.tsx'

/** The student's /courses: the courses released to her class room, the latest first, or an empty state saying when they come. */
export default function StudentCourseList() {
  const t = useT()
  usePageTitle(t('courses.list.title'))
  const courses = useResource(['myCourses'], loadMyCourses, { freshOnMount: true })
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="my-courses-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('courses.list.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('courses.student.intro')}</p>
      </header>
      {courses.status === 'loading' ? <LoadingBlock label={t('shell.common.loading')} /> : null}
      {courses.status === 'error' ? <CoursesLoadError problem={courses.problem} retry={courses.retry} /> : null}
      {courses.status === 'ready' && courses.data.length === 0 ? (
        <EmptyState icon={<CoursesIcon />} title={t('courses.student.emptyTitle')} text={t('courses.student.emptyText')} testId="my-courses-empty" />
      ) : null}
      {courses.status === 'ready' && courses.data.length > 0 ? (
        <ul className={courseGrid} data-testid="my-courses-list">
          {courses.data.map((course) => (
            <li key={course.id}>
              <CourseCard
                course={course}
                byline={t('courses.student.teacher', { name: isolate(course.teacherName) })}
                when={<span>{t('courses.student.released', { date: releaseDate(course.releaseDate) })}</span>}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
