import { css } from 'styled-system/css'
import type { ExamInstructions } from '../contract/take-exam.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

/** The start page: what the exam is, how long she has and until when, and the start (or continue) button. */
export function ExamInstructionsView({ instructions, starting, onStart }: { instructions: ExamInstructions; starting: boolean; onStart: () => void }) {
  const t = useT()
  const deadline = new Date(instructions.deadlineAt)
  return (
    <section
      aria-labelledby="exam-instructions-title"
      className={cardStyle({ padding: 'lg' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      data-testid="exam-instructions"
    >
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>
        <UserText text={instructions.title} />
      </h1>
      <p className={css({ color: 'fg.muted', display: 'flex', gap: '1', flexWrap: 'wrap' })}>
        <UserText text={instructions.subjectName} />
        <Separator />
        <span>{t('exams.take.total', { total: instructions.totalDegree })}</span>
      </p>
      <h2 id="exam-instructions-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('exams.take.instructionsTitle')}
      </h2>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', listStyle: 'disc', paddingInlineStart: '5' })}>
        <li data-testid="exam-duration">{t('exams.take.duration', { minutes: instructions.durationMinutes })}</li>
        {instructions.extraTimePercent > 0 ? (
          <li data-testid="exam-extra-time">{t('exams.take.extraTime', { percent: instructions.extraTimePercent })}</li>
        ) : null}
        <li data-testid="exam-question-count">{t('exams.take.questionCount', { count: instructions.questionCount })}</li>
        <li data-testid="exam-deadline">{t(instructions.started ? 'exams.take.deadlineStarted' : 'exams.take.deadline', { deadline })}</li>
      </ul>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.take.rules')}</p>
      <Button onClick={onStart} loading={starting} full data-testid="exam-start">
        {t(instructions.started ? 'exams.take.continue' : 'exams.take.start')}
      </Button>
    </section>
  )
}
