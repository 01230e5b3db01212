import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import { useT } from '../../../src/i18n/intl.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { FileTypeIcon } from '../../../src/ui/file-type-icon.tsx'
import type { CourseAttachment } from '../contract/courses-api.ts'
import { courseRoutes } from '../routes.ts'
import { UserText } from '../../../src/ui/user-text.tsx'

export const courseGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
})

/**
 * A course in a list, the whole card one link (a large tap target on a phone): subject, title,
 * `byline` (its teacher, for a student), the start of its description, `when` (its release) and
 * its file count with the first file's icon.
 */
export function CourseCard({
  course,
  byline,
  when,
}: {
  course: {
    readonly id: number
    readonly subjectName: string
    readonly title: string
    readonly description: string
    readonly attachments: ReadonlyArray<CourseAttachment>
  }
  byline?: string
  when: ReactNode
}) {
  const t = useT()
  return (
    <Link
      href={courseRoutes.detail.link({ id: course.id })}
      className={cx(cardStyle({ padding: 'md', interactive: true }), css({ display: 'flex', flexDirection: 'column', gap: '2', height: 'full' }))}
      data-testid="course-card"
    >
      <span className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'accent.emphasis' })}>
        <UserText text={course.subjectName} />
      </span>
      <span className={css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' })} data-testid="course-card-title">
        <UserText text={course.title} />
      </span>
      {byline === undefined ? null : <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{byline}</span>}
      {/* A clamped box does not isolate an inline bdi: the paragraph takes its own direction instead. */}
      <UserText as="span" text={course.description} className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: '2' })} />
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
        {when}
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', whiteSpace: 'nowrap' })}>
          <FileTypeIcon group={course.attachments[0]?.group ?? null} size="sm" />
          {t('courses.list.files', { count: course.attachments.length })}
        </span>
      </span>
    </Link>
  )
}
