import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { ExamSummary } from '../contract/exam-views.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { cardStyle } from '../../../src/ui/card.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { examStatusTone } from '../builder/exam-actions.ts'

const detail = css({ display: 'flex', gap: '1' })
const value = css({ color: 'fg.default', fontWeight: 'medium' })

/** One exam of a list: its status as a badge, what it is, when, for whom, who marks it; the list's own actions beside it. */
export function ExamCard({ exam, chips, actions, showTeacher = false }: { exam: ExamSummary; chips?: ReactNode; actions?: ReactNode; showTeacher?: boolean }) {
  const t = useT()
  const { intl } = useI18n()
  const names = (list: ReadonlyArray<string>) => intl.formatList(list.map(isolate))
  const titleId = `exam-${exam.id}-title`
  return (
    <li
      className={
        cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '3', justifyContent: 'space-between' })
      }
      data-testid="exam-card"
      data-exam-id={exam.id}
      aria-labelledby={titleId}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <StatusChip tone={examStatusTone[exam.status]} data-testid="exam-card-status">
            {t(`exams.status.${exam.status}`)}
          </StatusChip>
          <StatusChip tone="neutral">{t(`exams.type.${exam.examType}`)}</StatusChip>
          {exam.training ? <StatusChip tone="neutral">{t('exams.list.training')}</StatusChip> : null}
          {chips}
        </div>
        <h2 id={titleId} className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
          <UserText text={exam.title} />
        </h2>
        <dl className={css({ display: 'flex', columnGap: '4', rowGap: '1', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <div className={detail}>
            <dt>{t('exams.list.subject')}:</dt>
            <dd className={value}>
              <bdi>{exam.subjectName}</bdi>
            </dd>
          </div>
          <div className={detail}>
            <dt>{t('exams.list.grade')}:</dt>
            <dd className={value}>
              <bdi>{exam.stageName}</bdi>
            </dd>
          </div>
          {exam.classRoomNames.length > 0 ? (
            <div className={detail}>
              <dt>{t('exams.list.classRooms')}:</dt>
              <dd className={value}>{names(exam.classRoomNames)}</dd>
            </div>
          ) : null}
          {showTeacher ? (
            <div className={detail}>
              <dt>{t('exams.list.teacher')}:</dt>
              <dd className={value} data-testid="exam-card-teacher">
                <bdi>{exam.teacherName}</bdi>
              </dd>
            </div>
          ) : null}
          {exam.correctorNames.length > 0 ? (
            <div className={detail}>
              <dt>{t('exams.list.correctors')}:</dt>
              <dd className={value}>{names(exam.correctorNames)}</dd>
            </div>
          ) : null}
        </dl>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('exams.list.when', { start: new Date(exam.startsAt), end: new Date(exam.endsAt), minutes: exam.durationMinutes })}
        </p>
        {exam.statusReason && (exam.status === 'requiredEdit' || exam.status === 'rejected') ? (
          <p className={css({ fontSize: 'sm', color: 'danger.default' })} data-testid="exam-card-reason">
            {t('exams.list.reason')} <UserText text={exam.statusReason} />
          </p>
        ) : null}
      </div>
      {actions ? <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start', flexShrink: 0 })}>{actions}</div> : null}
    </li>
  )
}
