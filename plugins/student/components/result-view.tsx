import { css } from 'styled-system/css'
import type { StudentHomework } from '../../homework/contract/submissions.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { QuestionView, TeacherComment } from '../../../src/questions/index.ts'
import { cardStyle } from '../../../src/ui/card.tsx'

/**
 * Her work once she can no longer change it (handed in, or past due): her answers read-only in the
 * question renderer's reviewing mode; once corrected her grade and the teacher's comment, and per
 * question right, wrong or partly right with its score and comment (a training quiz's automatic
 * result at once); the right answers only when the server sent them (the teacher's release setting),
 * else a line saying when they come.
 */
export function ResultView({ homework }: { homework: StudentHomework }) {
  const t = useT()
  const result = homework.result
  const byQuestion = new Map(result?.questions.map((question) => [question.questionId, question]) ?? [])
  const keyById = new Map(homework.answerKey?.map((question) => [question.id, question]) ?? [])
  return (
    <section aria-labelledby="my-homework-answers" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="my-homework-result">
      {result ? (
        <div className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t(result.final ? 'student.result.final' : 'student.result.automatic')}</h2>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold', color: 'accent.emphasis' })} data-testid="my-homework-result-grade">
            {t('student.list.grade', { grade: result.grade, total: homework.totalDegree })}
          </p>
          {result.comment ? <TeacherComment comment={result.comment} testId="my-homework-result-comment" /> : null}
        </div>
      ) : null}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id="my-homework-answers" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('student.result.answers')}
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="my-homework-key-state" data-released={homework.answerKey !== null || undefined}>
          {homework.answerKey !== null ? t('student.review.keyShown') : t(`student.review.keyLater.${homework.answersRelease}`)}
        </p>
      </div>
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {homework.questions.map((question, index) => {
          const scored = byQuestion.get(question.id) ?? null
          const full = keyById.get(question.id)
          const answer = homework.answers[question.id] ?? null
          return (
            <li key={question.id} data-testid="my-homework-result-question">
              {full ? (
                <QuestionView mode="reviewing" number={index + 1} question={full} answer={answer} ownAnswer result={scored} />
              ) : (
                <QuestionView mode="reviewing" withoutKey number={index + 1} question={question} answer={answer} result={scored} />
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
