import { Link } from 'wouter'
import { css } from 'styled-system/css'
import type { MyHomework } from '../../homework/contract/submissions.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { myHomeworkRoutes } from '../routes.ts'
import { StatusChip } from './status-chip.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

const chip = css({ fontSize: 'xs', fontWeight: 'semibold', paddingInline: '2', paddingBlock: '0.5', borderRadius: 'full', bg: 'bg.subtle', color: 'fg.muted' })

/** Her homework and quizzes as cards (each one link, a large tap target): kind, title, subject, due date, status and grade. */
export function MyHomeworkList({ items, label }: { items: ReadonlyArray<MyHomework>; label: string }) {
  const t = useT()
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="my-homework-list">
      {items.map((item) => (
        <li key={item.homeworkId}>
          <Link
            href={myHomeworkRoutes.one.link({ id: item.homeworkId })}
            className={
              cardStyle({ interactive: true, padding: 'md' }) +
              ' ' +
              css({ display: 'flex', flexDirection: 'column', gap: '2', minHeight: '11', textDecoration: 'none', color: 'fg.default' })
            }
            data-testid="my-homework-item"
            data-homework-id={item.homeworkId}
          >
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <span className={chip}>{t(item.type === 'quiz' ? 'student.type.quiz' : 'student.type.homework')}</span>
              <StatusChip status={item.status} late={item.late} />
            </span>
            <span className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
              <UserText text={item.title} testId="my-homework-item-title" />
            </span>
            <span className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', gap: '1', flexWrap: 'wrap' })}>
              <UserText text={item.subjectName} />
              <span aria-hidden>
                <Separator />
              </span>
              <span>{t('student.list.due', { due: new Date(item.dueAt) })}</span>
            </span>
            {item.grade === null ? null : (
              <span className={css({ fontWeight: 'semibold', color: 'accent.emphasis' })} data-testid="my-homework-grade">
                {t('student.list.grade', { grade: item.grade, total: item.totalDegree })}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  )
}
