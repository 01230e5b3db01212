import { css, cva } from 'styled-system/css'
import { gapsOf } from '../../../contracts/questions/complete.ts'
import type { Answer, AnswerOf, Question } from '../../../contracts/questions/question.ts'
import type { QuestionScore } from '../../../contracts/questions/scoring.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { useAnswerFiles } from '../answer/answer-files-context.tsx'
import { StoredFiles } from '../answer/stored-files.tsx'
import { RearrangeAnswer } from './rearrange-answer.tsx'
import { line, Mark, Section, sectionTitle } from './review-parts.tsx'
import { NotAnswered } from './not-answered.tsx'

const answerOf = <T extends Answer['type']>(answer: Answer | null | undefined, type: T): AnswerOf<T> | null =>
  answer?.type === type ? (answer as AnswerOf<T>) : null

/** A connect pair's row: its item, then the right side and/or her match. */
export const pairRow = cva({
  base: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    gap: '2',
    alignItems: 'center',
    borderBlockEndWidth: '1px',
    borderColor: 'border.default',
    paddingBlock: '1.5',
  },
  variants: { columns: { 2: { md: { gridTemplateColumns: '1fr 1fr' } }, 3: { md: { gridTemplateColumns: '1fr 1fr 1fr' } } } },
})

/**
 * A question read-only, with its right answers: for reviewing (training quizzes, with or without
 * the student's answer) and for correcting (the student's answer marked part by part, from the
 * contracts' scoring).
 */
export function ReadOnlyQuestion({
  question,
  answer,
  score,
  ownAnswer = false,
}: {
  question: Question
  answer: Answer | null | undefined
  score: QuestionScore | null
  /** Read by the student herself: "Your answer", not "Student's answer". */
  ownAnswer?: boolean
}) {
  const t = useT()
  const answerTitle = t(ownAnswer ? 'questions.view.yourAnswer' : 'questions.view.studentAnswer')
  const { intl } = useI18n()
  const storedFiles = useAnswerFiles().files
  const partOf = (id: string) => score?.parts?.find((part) => part.id === id)?.correct ?? null
  // Her own work and a correction (scored) say what she left unanswered; a teacher's preview without an answer shows the key alone.
  const given = ownAnswer || score !== null || (answer !== null && answer !== undefined)
  const noAnswer = <NotAnswered />
  switch (question.type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice: {
      const picked =
        question.type === QuestionType.multipleChoice
          ? (answerOf(answer, 1)?.selected ?? [])
          : [answerOf(answer, 2)?.selected].filter((id): id is string => typeof id === 'string')
      return (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {given && picked.length === 0 ? <li>{noAnswer}</li> : null}
          {question.options.map((option) => (
            <li
              key={option.id}
              className={line}
              data-testid="review-option"
              data-correct={option.correct || undefined}
              data-picked={picked.includes(option.id) || undefined}
            >
              <Mark correct={option.correct ? true : picked.includes(option.id) ? false : null} />
              <span dir="auto" className={css({ fontWeight: option.correct ? 'semibold' : 'normal' })}>
                {option.text}
              </span>
              {picked.includes(option.id) ? (
                <span className={css({ fontSize: 'xs', color: 'fg.muted', bg: 'bg.subtle', paddingInline: '2', borderRadius: 'full' })}>{answerTitle}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )
    }
    case QuestionType.trueFalse: {
      const value = answerOf(answer, 3)?.value
      return (
        <div className={css({ display: 'flex', gap: '6', flexWrap: 'wrap' })}>
          <Section title={t('questions.view.rightAnswer')}>
            <p className={css({ fontWeight: 'semibold' })}>{t(question.correct ? 'questions.view.true' : 'questions.view.false')}</p>
          </Section>
          {given ? (
            <Section title={answerTitle}>
              {value === null || value === undefined ? (
                noAnswer
              ) : (
                <p className={line}>
                  <Mark correct={value === question.correct} />
                  {t(value ? 'questions.view.true' : 'questions.view.false')}
                </p>
              )}
            </Section>
          ) : null}
        </div>
      )
    }
    case QuestionType.paragraph:
    case QuestionType.smallParagraph: {
      const text = question.type === QuestionType.paragraph ? answerOf(answer, 4)?.text : answerOf(answer, 5)?.text
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {given ? (
            <Section title={answerTitle}>
              {text ? (
                <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
                  {text}
                </p>
              ) : (
                noAnswer
              )}
            </Section>
          ) : null}
          {question.modelAnswer ? (
            <Section title={t('questions.view.modelAnswer')}>
              <p dir="auto" className={css({ whiteSpace: 'pre-wrap', color: 'fg.muted' })}>
                {question.modelAnswer}
              </p>
            </Section>
          ) : null}
        </div>
      )
    }
    case QuestionType.rearrange: {
      return (
        <div className={css({ display: 'flex', gap: '6', flexWrap: 'wrap' })}>
          {given ? (
            <RearrangeAnswer
              title={answerTitle}
              items={question.items}
              order={answerOf(answer, 6)?.order ?? []}
              marked={score?.parts === undefined ? null : { parts: score.parts, degree: question.degree, score: score.score }}
            />
          ) : null}
          <Section title={t('questions.view.rightOrder')} testId="review-right-order">
            <ol className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              {question.items.map((item, index) => (
                <li key={item.id} className={line}>
                  <span className={css({ color: 'fg.muted', minWidth: '5' })}>{intl.formatNumber(index + 1)}</span>
                  <span dir="auto">{item.text}</span>
                </li>
              ))}
            </ol>
          </Section>
        </div>
      )
    }
    case QuestionType.complete: {
      const gaps = answerOf(answer, 7)?.gaps ?? {}
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {given && !Object.values(gaps).some((gap) => gap !== '') ? noAnswer : null}
          <p dir="auto" className={css({ lineHeight: '2.2', whiteSpace: 'pre-wrap' })}>
            {question.body.map((segment, index) =>
              segment.kind === 'text' ? (
                <span key={index}>{segment.text}</span>
              ) : (
                <span
                  key={segment.id}
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: '1',
                    marginInline: '1',
                    paddingInline: '2',
                    borderBlockEndWidth: '2px',
                    borderColor: 'accent.default',
                    fontWeight: 'semibold',
                  })}
                >
                  {given ? <Mark correct={partOf(segment.id)} /> : null}
                  <span dir="auto">{given ? (Object.hasOwn(gaps, segment.id) && gaps[segment.id] !== '' ? gaps[segment.id] : '—') : segment.answers[0]}</span>
                </span>
              ),
            )}
          </p>
          <Section title={t('questions.view.rightAnswer')}>
            <ol className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              {gapsOf(question).map((gap, index) => (
                <li key={gap.id} dir="auto">
                  {t('questions.view.gap', { number: index + 1 })}:{' '}
                  {t('questions.view.accepted', { answers: intl.formatList(gap.answers, { type: 'disjunction' }) })}
                </li>
              ))}
            </ol>
          </Section>
        </div>
      )
    }
    case QuestionType.connect: {
      const matches = answerOf(answer, 8)?.matches ?? {}
      const rightText = new Map(question.pairs.map((pair) => [pair.right.id, pair.right.text]))
      return (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {given && Object.keys(matches).length === 0 ? <li>{noAnswer}</li> : null}
          {question.pairs.map((pair) => (
            <li key={pair.left.id} className={pairRow({ columns: 3 })} data-testid="review-pair">
              <span dir="auto" className={css({ fontWeight: 'medium' })}>
                {pair.left.text}
              </span>
              <span className={line}>
                <span className={sectionTitle}>{t('questions.view.rightAnswer')}:</span> <span dir="auto">{pair.right.text}</span>
              </span>
              {given ? (
                <span className={line}>
                  <Mark correct={partOf(pair.left.id)} />
                  <span dir="auto">{Object.hasOwn(matches, pair.left.id) ? rightText.get(matches[pair.left.id]!) : t('questions.view.notMatched')}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )
    }
    case QuestionType.fileUpload: {
      const ids = answerOf(answer, 9)?.fileIds ?? []
      if (!given) return <p className={css({ color: 'fg.muted' })}>{t('questions.editor.manualHint')}</p>
      const files = storedFiles.filter((file) => ids.includes(file.id))
      if (ids.length === 0) return noAnswer
      return files.length === 0 ? <p>{t('questions.view.files', { count: ids.length })}</p> : <StoredFiles files={files} audio={false} />
    }
    case QuestionType.audioRecording: {
      const recorded = answerOf(answer, 10)
      const id = recorded?.recordingId ?? null
      return given && id !== null ? (
        <StoredFiles files={storedFiles.filter((file) => file.id === id)} audio durationSeconds={recorded?.durationSeconds} />
      ) : (
        noAnswer
      )
    }
  }
}
