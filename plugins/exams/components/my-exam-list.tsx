import { Link } from 'wouter'
import { css } from 'styled-system/css'
import type { AttemptState, MyExam } from '../contract/take-exam.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { StatusChip, type ChipTone } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { examRoutes } from '../routes.ts'

const chipOf: Readonly<
  Record<AttemptState, { readonly tone: ChipTone; readonly label: 'exams.mine.notStarted' | 'exams.mine.inProgress' | 'exams.mine.finished' }>
> = {
  notStarted: { tone: 'info', label: 'exams.mine.notStarted' },
  inProgress: { tone: 'waiting', label: 'exams.mine.inProgress' },
  finished: { tone: 'complete', label: 'exams.mine.finished' },
}

/** Her exams as cards: title, subject, window, duration, her attempt's state and, while it can open, the start (or continue) link. */
export function MyExamList({ exams, label }: { exams: ReadonlyArray<MyExam>; label: string }) {
  const t = useT()
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="my-exam-list">
      {exams.map((exam) => {
        const chip = chipOf[exam.attempt]
        const closed = exam.token === null && exam.attempt !== 'finished'
        return (
          <li
            key={exam.examId}
            className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '2' })}
            data-testid="my-exam"
            data-exam-id={exam.examId}
            data-attempt={exam.attempt}
          >
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <StatusChip tone={closed ? 'neutral' : chip.tone}>{t(closed ? 'exams.mine.closed' : chip.label)}</StatusChip>
            </span>
            <span className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
              <UserText text={exam.title} />
            </span>
            <span className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', gap: '1', flexWrap: 'wrap' })}>
              <UserText text={exam.subjectName} />
              <span aria-hidden>
                <Separator />
              </span>
              <span>{t('exams.mine.window', { starts: new Date(exam.startsAt), ends: new Date(exam.endsAt) })}</span>
              <span aria-hidden>
                <Separator />
              </span>
              <span>{t('exams.mine.duration', { minutes: exam.durationMinutes })}</span>
            </span>
            {exam.token === null ? null : (
              <Link
                href={examRoutes.take.link({ token: exam.token })}
                className={buttonStyle({}) + ' ' + css({ alignSelf: 'flex-start', textDecoration: 'none' })}
                aria-label={t(exam.attempt === 'inProgress' ? 'exams.mine.continueLabel' : 'exams.mine.startLabel', { title: exam.title })}
                data-testid="my-exam-start"
              >
                {t(exam.attempt === 'inProgress' ? 'exams.mine.continue' : 'exams.mine.start')}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
