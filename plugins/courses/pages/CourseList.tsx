import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { loadCourses } from '../api.ts'
import { CourseCard, courseGrid } from '../components/course-card.tsx'
import { CoursesLoadError } from '../components/load-error.tsx'
import { releaseDate } from '../components/release-date.ts'
import { courseRoutes } from '../routes.ts'
import { CoursesIcon } from '../nav-icon.tsx'

/** The teacher's /courses: her courses, the latest release first (one not released yet says from when), or an empty state that leads to the first one. */
export default function CourseList() {
  const t = useT()
  usePageTitle(t('courses.list.title'))
  const courses = useResource(['courses'], loadCourses, { freshOnMount: true })
  const create = (
    <Link href={courseRoutes.create.link()} className={buttonStyle({})} data-testid="course-create">
      {t('courses.list.create')}
    </Link>
  )
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('courses.list.title')}
        </h1>
        {courses.status === 'ready' && courses.data.length > 0 ? create : null}
      </header>
      {courses.status === 'loading' ? <LoadingBlock label={t('shell.common.loading')} /> : null}
      {courses.status === 'error' ? <CoursesLoadError problem={courses.problem} retry={courses.retry} /> : null}
      {courses.status === 'ready' && courses.data.length === 0 ? (
        <EmptyState icon={<CoursesIcon />} title={t('courses.list.emptyTitle')} text={t('courses.list.emptyText')} action={create} testId="courses-empty" />
      ) : null}
      {courses.status === 'ready' && courses.data.length > 0 ? (
        <ul className={courseGrid} data-testid="courses-list">
          {courses.data.map((course) => (
            <li key={course.id}>
              <CourseCard
                course={course}
                when={
                  course.released ? (
                    <span>{t('courses.list.released', { date: releaseDate(course.releaseDate) })}</span>
                  ) : (
                    <span className={css({ color: 'accent.emphasis', fontWeight: 'medium' })} data-testid="course-scheduled">
                      {t('courses.list.scheduled', { date: releaseDate(course.releaseDate) })}
                    </span>
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
