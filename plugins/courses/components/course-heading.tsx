import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { UserText } from '../../../src/ui/user-text.tsx'

/** A course page's heading, the teacher's and the student's: its subject, its title (focused on arrival) and the lines under them. */
export function CourseHeading({ subjectName, title, children }: { subjectName: string; title: string; children: ReactNode }) {
  return (
    <>
      <p className={css({ fontSize: 'sm', color: 'accent.default', fontWeight: 'semibold' })}>
        <UserText text={subjectName} />
      </p>
      <h1
        className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}
        tabIndex={-1}
        data-testid="course-detail-title"
      >
        <UserText text={title} />
      </h1>
      {children}
    </>
  )
}
