import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { PaperQuestion } from '../contract/correction.ts'
import { checkComment, checkScore, parseScore } from '../correction/score-rules.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { typedInLocaleDigits } from '../../../src/i18n/typed-digits.ts'
import { QuestionView } from '../../../src/questions/index.ts'
import { Button } from '../../../src/ui/button.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'

export interface MarkInput {
  readonly questionId: string
  readonly score: number
  readonly comment: string | null
}

const formStyle = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '12rem 1fr' },
  gap: '3',
  alignItems: 'start',
  borderBlockStartWidth: '1px',
  borderColor: 'border.default',
  paddingBlockStart: '3',
})

/**
 * One question of the paper: the student's answer read-only with the answer key (the question
 * engine's review), then her mark: the automatic score pre-filled (overridable), or, for an answer
 * graded by hand (paragraph, upload, audio), empty until she gives one; a comment; saved on Enter
 * or "Save mark" through the outbox.
 */
export function CorrectionQuestion({
  entry,
  number,
  editable,
  waiting,
  onMark,
}: {
  entry: PaperQuestion
  number: number
  editable: boolean
  /** A mark of hers on this question waits on this device to be sent. */
  waiting: boolean
  onMark: (mark: MarkInput) => void
}) {
  const t = useT()
  const { intl, locale } = useI18n()
  const id = useId()
  const degree = entry.question.degree
  const given = entry.mark?.score ?? (entry.manual ? null : (entry.autoScore?.score ?? null))
  const [scoreText, setScoreText] = useState(given === null ? '' : intl.formatNumber(given, { useGrouping: false, maximumFractionDigits: 2 }))
  const [comment, setComment] = useState(entry.mark?.comment ?? '')
  const [tried, setTried] = useState(false)
  const score = parseScore(scoreText)
  const issues = [...checkScore(score, degree), ...checkComment(comment)]
  const errors = tried ? issuesToFields(issues, locale) : {}
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // The rule's words are loaded before the first check shows them (as src/forms/use-form.ts does).
    await loadIssueMessages()
    setTried(true)
    if (issues.length > 0) return
    setTried(false)
    onMark({ questionId: entry.question.id, score, comment: comment.trim() === '' ? null : comment })
  }
  const status = entry.mark !== null ? 'marked' : entry.manual ? 'toMark' : 'auto'
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="correction-question" data-question-id={entry.question.id}>
      <QuestionView mode="reviewing" number={number} question={entry.question} answer={entry.answer} />
      <form onSubmit={(event) => void submit(event)} className={formStyle} noValidate aria-label={t('exams.correct.markLabel', { number })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <TextField
            id={`${id}-score`}
            label={t('exams.correct.score', { max: degree })}
            inputMode="decimal"
            value={scoreText}
            onValueChange={(typed) => setScoreText(typedInLocaleDigits(typed, locale))}
            error={errors.score}
            disabled={!editable}
            testId="correction-score"
          />
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <StatusChip
              tone={status === 'marked' ? 'complete' : status === 'toMark' ? 'alert' : 'info'}
              data-testid="correction-mark-status"
              data-status={status}
            >
              {t(`exams.correct.markStatus.${status}`)}
            </StatusChip>
            {entry.autoScore !== null && !entry.manual ? (
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="correction-auto-score">
                {t('exams.correct.autoScore', { score: entry.autoScore.score, max: entry.autoScore.max })}
              </span>
            ) : null}
            {waiting ? (
              <StatusChip tone="waiting" data-testid="correction-mark-waiting">
                {t('exams.correct.waitingToSend')}
              </StatusChip>
            ) : null}
          </div>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <TextArea
            id={`${id}-comment`}
            label={t('exams.correct.comment')}
            value={comment}
            onValueChange={setComment}
            error={errors.comment}
            disabled={!editable}
            rows={2}
            testId="correction-comment"
          />
          {editable ? (
            <div>
              <Button type="submit" size="sm" data-testid="correction-save-mark">
                {t('exams.correct.saveMark')}
              </Button>
            </div>
          ) : null}
        </div>
      </form>
    </section>
  )
}
