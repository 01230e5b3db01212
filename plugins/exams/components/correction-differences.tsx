import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { FlaggedDifference } from '../contract/correction.ts'
import type { ExamSummary } from '../contract/exam-views.ts'
import { settleDifference } from '../correction/commands.ts'
import { correctionEventNames } from '../correction/events.ts'
import { correctionReads, useCorrectionView } from '../correction/reads.ts'
import { checkScore, parseScore } from '../correction/score-rules.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { typedInLocaleDigits } from '../../../src/i18n/typed-digits.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

/** One flagged question: the student, the question, each marker's score, and the supervisor's own. */
function DifferenceRow({ difference, waiting }: { difference: FlaggedDifference; waiting: boolean }) {
  const t = useT()
  const { intl, locale } = useI18n()
  const store = useEventStore()
  const id = useId()
  const [text, setText] = useState(difference.settledScore === null ? '' : intl.formatNumber(difference.settledScore, { useGrouping: false }))
  const [tried, setTried] = useState(false)
  const score = parseScore(text)
  const issues = checkScore(score, difference.degree)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await loadIssueMessages()
    setTried(true)
    if (issues.length > 0) return
    setTried(false)
    store.dispatch(settleDifference, { sessionId: difference.sessionId, questionId: difference.questionId, score })
  }
  return (
    <li
      className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      data-testid="correction-difference"
      data-session-id={difference.sessionId}
      data-question-id={difference.questionId}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <h3 id={`${id}-title`} className={css({ fontWeight: 'semibold' })}>
            <UserText text={difference.studentName} />
            <Separator />
            {difference.classRoomName}
          </h3>
          <UserText as="p" text={difference.questionHeader} className={css({ color: 'fg.muted', fontSize: 'sm' })} />
        </div>
        <StatusChip tone={difference.settledScore === null ? 'alert' : 'complete'} data-testid="correction-difference-status">
          {difference.settledScore === null
            ? t('exams.differences.toSettle')
            : t('exams.differences.settled', { score: difference.settledScore, max: difference.degree })}
        </StatusChip>
      </div>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
        {difference.scores.map((marker) => (
          <div key={marker.correctorId} className={css({ display: 'contents' })}>
            <dt className={css({ color: 'fg.muted' })}>
              <UserText text={marker.correctorName} />
            </dt>
            <dd data-testid="correction-difference-marker">{t('exams.differences.markerScore', { score: marker.score, max: difference.degree })}</dd>
          </div>
        ))}
      </dl>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}
        aria-labelledby={`${id}-title`}
      >
        <div className={css({ width: { base: 'full', sm: '14rem' } })}>
          <TextField
            id={`${id}-score`}
            label={t('exams.differences.score', { max: difference.degree })}
            inputMode="decimal"
            value={text}
            onValueChange={(typed) => setText(typedInLocaleDigits(typed, locale))}
            error={tried ? issuesToFields(issues, locale).score : undefined}
            testId="correction-difference-score"
          />
        </div>
        <Button type="submit" loading={waiting} data-testid="correction-difference-settle">
          {t(difference.settledScore === null ? 'exams.differences.settle' : 'exams.differences.settleAgain')}
        </Button>
      </form>
    </li>
  )
}

/**
 * For the supervising corrector: one double-marking exam's questions whose markers differ by more
 * than its threshold, each with both markers' scores and her score to settle it (it wins).
 * An exam with none flagged (yet: both markers must have graded a paper) says so in a line.
 */
export function CorrectionDifferences({ exam }: { exam: ExamSummary }) {
  const t = useT()
  const view = useCorrectionView()
  const reads = correctionReads.flagged(exam.id)
  const flagged = useResource(reads.key, reads.load, { freshOnMount: true })
  const { refetch } = flagged
  const answered = useRef(view.answered)
  useEffect(() => {
    if (view.answered === answered.current) return
    answered.current = view.answered
    refetch()
  }, [view.answered, refetch])
  if (flagged.status !== 'ready') return null
  if (flagged.data.length === 0)
    return (
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="correction-differences-none" data-exam-id={exam.id}>
        {t('exams.differences.none', { title: exam.title })}
      </p>
    )
  const waiting = (difference: FlaggedDifference) =>
    view.pending.some(
      (command) =>
        command.name === correctionEventNames.settleRequested &&
        command.payload.sessionId === difference.sessionId &&
        (command.payload as { questionId: string }).questionId === difference.questionId,
    )
  const refusal = view.lastRefusal !== null && flagged.data.some((difference) => difference.sessionId === view.lastRefusal?.sessionId) ? view.lastRefusal : null
  const open = flagged.data.filter((difference) => difference.settledScore === null).length
  return (
    <section
      aria-labelledby={`differences-${exam.id}`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      data-testid="correction-differences"
      data-exam-id={exam.id}
    >
      <h2 id={`differences-${exam.id}`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        <UserText text={exam.title} />
        <Separator />
        {t('exams.differences.count', { count: open })}
      </h2>
      {refusal === null ? null : <Banner tone="danger">{t('exams.correct.refused', { message: refusal.message })}</Banner>}
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {flagged.data.map((difference) => (
          <DifferenceRow key={`${difference.sessionId}:${difference.questionId}`} difference={difference} waiting={waiting(difference)} />
        ))}
      </ul>
    </section>
  )
}
