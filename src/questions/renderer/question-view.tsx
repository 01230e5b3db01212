import { useId, type ReactNode } from 'react'
import { css, cva } from 'styled-system/css'
import type { Answer, Question } from '../../../contracts/questions/question.ts'
import { scoreAnswer, type Outcome } from '../../../contracts/questions/scoring.ts'
import type { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { useT } from '../../i18n/intl.tsx'
import type { MessageId } from '../../i18n/message-ids.ts'
import { cardStyle } from '../../ui/card.tsx'
import { typeLabels } from '../type-labels.ts'
import { Answering, type AnsweringProps } from './answering.tsx'
import { OverrideField } from './override-field.tsx'
import { OwnAnswer } from './own-answer.tsx'
import { ReadOnlyQuestion } from './read-only.tsx'
import { Separator } from '../../i18n/separator.tsx'
import { textDirection } from '../../../contracts/bidi.ts'
import { UserText } from '../../ui/user-text.tsx'

/**
 * A question wherever one is shown, in one of three modes:
 *  - answering: the student's view (contracts' student view: nothing right given away) and inputs;
 *  - reviewing: read-only with the right answers (once released to the student), the student's answer
 *    marked if given; or `withoutKey`, her own answer alone from the question as she was sent it (before
 *    the right answers are released); with `result`, the question's outcome, score and the teacher's comment;
 *  - correcting: the student's answer scored by contracts/questions/scoring.ts (correct / incorrect /
 *    partial / to be marked) with an input for the corrector's own marks.
 */
export type QuestionViewProps = { readonly number?: number } & (
  | ({ readonly mode: 'answering' } & AnsweringProps)
  | ({ readonly mode: 'reviewing'; readonly result?: ReviewedResult | null } & (
      | { readonly question: Question; readonly answer?: Answer | null; readonly ownAnswer?: boolean; readonly withoutKey?: false }
      | { readonly question: StudentQuestion; readonly answer: Answer | null; readonly withoutKey: true }
    ))
  | {
      readonly mode: 'correcting'
      readonly question: Question
      readonly answer: Answer | null
      readonly override: number | null
      readonly onOverride: (score: number | null) => void
      readonly onOverrideValidity?: (valid: boolean) => void
    }
)

/** One question's result as the student is told it (her teacher's score when given, else the automatic one). */
export interface ReviewedResult {
  readonly score: number
  readonly max: number
  readonly outcome: Outcome
  readonly comment: string | null
}

const outcomeBadge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingInline: '2.5',
    paddingBlock: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    borderWidth: '1px',
  },
  variants: {
    outcome: {
      correct: { bg: 'accent.subtle', color: 'accent.emphasis', borderColor: 'accent.muted' },
      incorrect: { bg: 'danger.subtle', color: 'danger.emphasis', borderColor: 'danger.border' },
      partial: { bg: 'warning.subtle', color: 'warning.default', borderColor: 'warning.border' },
      manual: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' },
    },
  },
})

const outcomeLabels: Readonly<Record<Outcome, MessageId>> = {
  correct: 'questions.view.outcome.correct',
  incorrect: 'questions.view.outcome.incorrect',
  partial: 'questions.view.outcome.partial',
  manual: 'questions.view.outcome.manual',
}

function Frame({
  question,
  number,
  aside,
  children,
  mode,
}: {
  question: Question | StudentQuestion
  number: number | undefined
  aside?: ReactNode
  children: ReactNode
  mode: string
}) {
  const t = useT()
  const headingId = useId()
  return (
    <article
      aria-labelledby={headingId}
      className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
      data-testid="question-view"
      data-mode={mode}
      data-type={question.type}
    >
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '2',
            flexWrap: 'wrap',
            fontSize: 'sm',
            color: 'fg.muted',
          })}
        >
          <span>
            {number === undefined ? null : (
              <>
                {t('questions.list.number', { number })}
                <Separator />
              </>
            )}
            {t(typeLabels[question.type])}
          </span>
          <span className={css({ fontWeight: 'semibold', color: 'accent.emphasis' })}>{t('questions.view.degree', { degree: question.degree })}</span>
        </div>
        {/* A question still being written (the builder's preview) may have no header yet: its number names it meanwhile. */}
        <h3
          id={headingId}
          // User text reads in its own direction (src/ui/user-text.tsx): a heading of its own, so set on it.
          dir={question.header.trim() === '' ? undefined : textDirection(question.header)}
          className={css({ fontSize: 'lg', fontWeight: 'semibold', whiteSpace: 'pre-wrap', color: question.header.trim() === '' ? 'fg.muted' : 'fg.default' })}
        >
          {question.header.trim() === '' ? t('questions.list.number', { number: number ?? 1 }) : question.header}
        </h3>
      </header>
      {children}
      {aside}
    </article>
  )
}

const footerStyle = css({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
  borderBlockStartWidth: '1px',
  borderColor: 'border.default',
  paddingBlockStart: '3',
})

function OutcomeAndScore({ outcome, score, max }: { outcome: Outcome; score: number; max: number }) {
  const t = useT()
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
      <span className={outcomeBadge({ outcome })} data-testid="question-outcome" data-outcome={outcome}>
        {t(outcomeLabels[outcome])}
      </span>
      <span className={css({ fontWeight: 'semibold' })} data-testid="question-score">
        {t('questions.view.score', { score, max })}
      </span>
    </div>
  )
}

/** What her teacher wrote, under its label, in the direction of its own text. */
export function TeacherComment({ comment, testId }: { comment: string; testId: string }) {
  const t = useT()
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-testid={testId}>
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>{t('questions.view.teacherComment')}</p>
      <UserText as="p" text={comment} className={css({ whiteSpace: 'pre-wrap' })} />
    </div>
  )
}

/** Reviewing: how the question went for her, and what her teacher wrote on it. */
function ResultFooter({ result }: { result: ReviewedResult }) {
  return (
    <footer className={footerStyle + ' ' + css({ flexDirection: 'column', alignItems: 'stretch' })} data-testid="question-result">
      <OutcomeAndScore outcome={result.outcome} score={result.score} max={result.max} />
      {result.comment ? <TeacherComment comment={result.comment} testId="question-comment" /> : null}
    </footer>
  )
}

export function QuestionView(props: QuestionViewProps) {
  const overrideId = useId()
  if (props.mode === 'answering') {
    const { number, mode: _mode, ...answering } = props
    return (
      <Frame question={props.question} number={number} mode="answering">
        <Answering {...answering} />
      </Frame>
    )
  }
  if (props.mode === 'reviewing') {
    const aside = props.result ? <ResultFooter result={props.result} /> : null
    if (props.withoutKey === true)
      return (
        <Frame question={props.question} number={props.number} mode="reviewing" aside={aside}>
          <OwnAnswer question={props.question} answer={props.answer} />
        </Frame>
      )
    const score = props.answer ? scoreAnswer(props.question, props.answer) : null
    return (
      <Frame question={props.question} number={props.number} mode="reviewing" aside={aside}>
        <ReadOnlyQuestion question={props.question} answer={props.answer} score={score} ownAnswer={props.ownAnswer} />
      </Frame>
    )
  }
  const score = scoreAnswer(props.question, props.answer)
  const given = props.override ?? score.score
  return (
    <Frame
      question={props.question}
      number={props.number}
      mode="correcting"
      aside={
        <footer className={footerStyle}>
          <OutcomeAndScore outcome={score.outcome} score={given} max={score.max} />
          <div className={css({ width: { base: 'full', sm: '14rem' } })}>
            <OverrideField id={overrideId} max={score.max} value={props.override} onChange={props.onOverride} onValidity={props.onOverrideValidity} />
          </div>
        </footer>
      }
    >
      <ReadOnlyQuestion question={props.question} answer={props.answer} score={score} />
    </Frame>
  )
}
