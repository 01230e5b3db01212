import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { loadCourses } from '../api.ts'
import { FileTypeIcon } from '../../../src/ui/file-type-icon.tsx'
import { releaseDate } from '../components/release-date.ts'
import { courseRoutes } from '../routes.ts'
import { CoursesIcon } from '../nav-icon.tsx'

/** /courses: the teacher's courses, the latest release first, or an empty state that leads to the first one. */
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
      {courses.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('courses.list.error')}
          text={courses.problem.message}
          action={<Button onClick={courses.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {courses.status === 'ready' && courses.data.length === 0 ? (
        <EmptyState icon={<CoursesIcon />} title={t('courses.list.emptyTitle')} text={t('courses.list.emptyText')} action={create} testId="courses-empty" />
      ) : null}
      {courses.status === 'ready' && courses.data.length > 0 ? (
        <ul
          className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } })}
          data-testid="courses-list"
        >
          {courses.data.map((course) => (
            <li key={course.id}>
              <Link
                href={courseRoutes.detail.link({ id: course.id })}
                className={cardStyle({ padding: 'md', interactive: true }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '2', height: 'full' })}
                data-testid="course-card"
              >
                {/* User text keeps its own direction (bdi) and lines up with the page's start in a mixed list. */}
                <span className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'accent.emphasis' })}>
                  <bdi>{course.subjectName}</bdi>
                </span>
                <span className={css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                  <bdi>{course.title}</bdi>
                </span>
                {/* A clamped box does not isolate an inline bdi: the paragraph takes its own direction instead. */}
                <span className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: '2' })} dir="auto">
                  {course.description}
                </span>
                <span
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    columnGap: '3',
                    rowGap: '1',
                    marginBlockStart: 'auto',
                    paddingBlockStart: '2',
                    fontSize: 'sm',
                    color: 'fg.muted',
                  })}
                >
                  <span>{t('courses.list.released', { date: releaseDate(course.releaseDate) })}</span>
                  <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', whiteSpace: 'nowrap' })}>
                    <FileTypeIcon group={course.attachments[0]?.group ?? null} size="sm" />
                    {t('courses.list.files', { count: course.attachments.length })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
