import { css } from 'styled-system/css'
import type { Answer, Submission } from '../../../contracts/questions/question.ts'
import type { ExamSession } from '../contract/take-exam.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { QuestionView } from '../../../src/questions/index.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { Countdown } from './countdown.tsx'
import { QuestionMap } from './question-map.tsx'

export interface ExamAnsweringProps {
  readonly exam: ExamSession
  readonly answers: Submission
  readonly questionKeys: ReadonlyArray<string>
  readonly answered: ReadonlyArray<string>
  readonly marked: ReadonlyArray<string>
  readonly currentIndex: number
  readonly deadlineAt: string
  readonly serverOffsetMs: number
  readonly online: boolean
  /** Writes this device still has to send. */
  readonly waiting: boolean
  readonly refusal: string | null
  readonly onAnswer: (questionKey: string, answer: Answer) => void
  readonly onToggleMark: (questionKey: string) => void
  readonly onGoTo: (index: number) => void
  readonly onNext: () => void
  readonly onPrevious: () => void
  readonly onFinish: () => void
  readonly onElapsed: () => void
}

/** One question at a time, the map of all of them, the countdown, mark for review, and finish. */
export function ExamAnswering(props: ExamAnsweringProps) {
  const t = useT()
  const { exam, questionKeys, currentIndex } = props
  const key = questionKeys[currentIndex]!
  const question = exam.questions.find((candidate) => candidate.id === key)
  const isMarked = props.marked.includes(key)
  return (
    <article className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="exam-answering">
      <header className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', flex: '1' })}>
          <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>
            <UserText text={exam.title} />
          </h1>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', gap: '1', flexWrap: 'wrap' })}>
            <UserText text={exam.subjectName} />
            <Separator />
            <span>{t('exams.take.total', { total: exam.totalDegree })}</span>
          </p>
        </div>
        <Countdown deadlineAt={props.deadlineAt} serverOffsetMs={props.serverOffsetMs} onElapsed={props.onElapsed} />
      </header>
      {props.online ? null : (
        <Banner tone="warning" testId="exam-offline">
          {t('exams.take.offline')}
        </Banner>
      )}
      {props.refusal === null ? null : (
        <Banner tone="danger" testId="exam-refused">
          {t('exams.take.refused', { message: props.refusal })}
        </Banner>
      )}
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="exam-save-state" data-waiting={props.waiting || undefined}>
        {t(props.waiting ? 'exams.take.keptOnDevice' : 'exams.take.saved')}
      </p>
      <QuestionMap questionKeys={questionKeys} answered={props.answered} marked={props.marked} currentIndex={currentIndex} onGoTo={props.onGoTo} />
      <section
        aria-labelledby="exam-question-position"
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        data-testid="exam-question"
        data-question-key={key}
      >
        <h2 id="exam-question-position" className={css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.muted' })} data-testid="exam-question-position">
          {t('exams.take.questionOf', { number: currentIndex + 1, count: questionKeys.length })}
        </h2>
        {question === undefined ? null : (
          <QuestionView
            key={key}
            mode="answering"
            number={currentIndex + 1}
            question={question}
            answer={props.answers[key] ?? null}
            onAnswer={(next) => props.onAnswer(key, next)}
          />
        )}
        <Button
          variant="outline"
          onClick={() => props.onToggleMark(key)}
          aria-pressed={isMarked}
          data-testid="exam-mark"
          className={css({ alignSelf: 'flex-start' })}
        >
          {t(isMarked ? 'exams.take.unmark' : 'exams.take.mark')}
        </Button>
      </section>
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={props.onPrevious} disabled={currentIndex === 0} data-testid="exam-previous">
          {t('exams.take.previous')}
        </Button>
        <Button variant="outline" onClick={props.onNext} disabled={currentIndex >= questionKeys.length - 1} data-testid="exam-next">
          {t('exams.take.next')}
        </Button>
      </div>
      <Button full onClick={props.onFinish} data-testid="exam-finish">
        {t('exams.take.finish')}
      </Button>
    </article>
  )
}
