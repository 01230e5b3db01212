import { css } from 'styled-system/css'
import type { StudentHomework } from '../../homework/contract/submissions.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { QuestionView } from '../../../src/questions/index.ts'
import { cardStyle } from '../../../src/ui/card.tsx'

/** Her grade and the teacher's comments once corrected; a handed-in training quiz also shows the right answers. */
export function ResultView({ homework }: { homework: StudentHomework }) {
  const t = useT()
  const result = homework.result
  const byQuestion = new Map(result?.questions.map((question) => [question.questionId, question]) ?? [])
  return (
    <section aria-labelledby="my-homework-result" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="my-homework-result">
      {result ? (
        <div className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <h2 id="my-homework-result" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {t(result.final ? 'student.result.final' : 'student.result.automatic')}
          </h2>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold', color: 'accent.emphasis' })} data-testid="my-homework-result-grade">
            {t('student.list.grade', { grade: result.grade, total: homework.totalDegree })}
          </p>
          {result.comment ? (
            <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })} data-testid="my-homework-result-comment">
              {t('student.result.comment', { comment: result.comment })}
            </p>
          ) : null}
        </div>
      ) : (
        <h2 id="my-homework-result" className={css({ srOnly: true })}>
          {t('student.result.answers')}
        </h2>
      )}
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {homework.questions.map((question, index) => {
          const scored = byQuestion.get(question.id)
          const full = homework.answerKey?.find((entry) => entry.id === question.id)
          return (
            <li key={question.id} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="my-homework-result-question">
              {full ? (
                <QuestionView mode="reviewing" number={index + 1} question={full} answer={homework.answers[question.id] ?? null} />
              ) : (
                <div className={cardStyle({ padding: 'md' })}>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('student.result.number', { number: index + 1 })}</p>
                  <h3 dir="auto" className={css({ fontWeight: 'semibold', whiteSpace: 'pre-wrap' })}>
                    {question.header}
                  </h3>
                </div>
              )}
              {scored ? (
                <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })} data-testid="my-homework-question-score">
                  {t('student.result.score', { score: scored.score, max: scored.max })}
                </p>
              ) : null}
              {scored?.comment ? (
                <p dir="auto" className={css({ fontSize: 'sm', whiteSpace: 'pre-wrap', color: 'fg.muted' })} data-testid="my-homework-question-comment">
                  {t('student.result.comment', { comment: scored.comment })}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
