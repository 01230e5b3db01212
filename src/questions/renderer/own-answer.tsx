import { css } from 'styled-system/css'
import type { Answer, AnswerOf } from '../../../contracts/questions/question.ts'
import type { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { useT } from '../../i18n/intl.tsx'
import { useAnswerFiles } from '../answer/answer-files-context.tsx'
import { StoredFiles } from '../answer/stored-files.tsx'
import { pairRow } from './read-only.tsx'
import { RearrangeAnswer } from './rearrange-answer.tsx'
import { line, Section } from './review-parts.tsx'
import { NotAnswered } from './not-answered.tsx'

const answerOf = <T extends Answer['type']>(answer: Answer | null, type: T): AnswerOf<T> | null => (answer?.type === type ? (answer as AnswerOf<T>) : null)

const picked = css({ fontSize: 'xs', color: 'fg.muted', bg: 'bg.subtle', paddingInline: '2', borderRadius: 'full' })

/**
 * The student's own answer read-only, from the question as she was sent it (nothing right in it):
 * reviewing before the right answers are released. Re-arrange and connect read her own order and
 * matches; no part is marked right or wrong, since per-part marks would give the answer away.
 */
export function OwnAnswer({ question, answer }: { question: StudentQuestion; answer: Answer | null }) {
  const t = useT()
  const storedFiles = useAnswerFiles().files
  const noAnswer = <NotAnswered />
  const title = t('questions.view.yourAnswer')
  switch (question.type) {
    case QuestionType.multipleChoice:
    case QuestionType.singleChoice: {
      const chosen =
        question.type === QuestionType.multipleChoice
          ? (answerOf(answer, 1)?.selected ?? [])
          : [answerOf(answer, 2)?.selected].filter((id): id is string => typeof id === 'string')
      return (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {chosen.length === 0 ? <li>{noAnswer}</li> : null}
          {question.options.map((option) => (
            <li key={option.id} className={line} data-testid="review-option" data-picked={chosen.includes(option.id) || undefined}>
              <span dir="auto" className={css({ fontWeight: chosen.includes(option.id) ? 'semibold' : 'normal' })}>
                {option.text}
              </span>
              {chosen.includes(option.id) ? <span className={picked}>{title}</span> : null}
            </li>
          ))}
        </ul>
      )
    }
    case QuestionType.trueFalse: {
      const value = answerOf(answer, 3)?.value
      return (
        <Section title={title}>
          {value === null || value === undefined ? noAnswer : <p className={line}>{t(value ? 'questions.view.true' : 'questions.view.false')}</p>}
        </Section>
      )
    }
    case QuestionType.paragraph:
    case QuestionType.smallParagraph: {
      const text = question.type === QuestionType.paragraph ? answerOf(answer, 4)?.text : answerOf(answer, 5)?.text
      return (
        <Section title={title}>
          {text ? (
            <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
              {text}
            </p>
          ) : (
            noAnswer
          )}
        </Section>
      )
    }
    case QuestionType.rearrange:
      return <RearrangeAnswer title={title} items={question.items} order={answerOf(answer, 6)?.order ?? []} marked={null} />
    case QuestionType.complete: {
      const gaps = answerOf(answer, 7)?.gaps ?? {}
      const blank = !Object.values(gaps).some((gap) => gap !== '')
      return (
        <>
          {blank ? noAnswer : null}
          <p dir="auto" className={css({ lineHeight: '2.2', whiteSpace: 'pre-wrap' })}>
            {question.body.map((segment, index) =>
              segment.kind === 'text' ? (
                <span key={index}>{segment.text}</span>
              ) : (
                <bdi
                  key={segment.id}
                  className={css({ marginInline: '1', paddingInline: '2', borderBlockEndWidth: '2px', borderColor: 'accent.default', fontWeight: 'semibold' })}
                >
                  {Object.hasOwn(gaps, segment.id) && gaps[segment.id] !== '' ? gaps[segment.id] : '—'}
                </bdi>
              ),
            )}
          </p>
        </>
      )
    }
    case QuestionType.connect: {
      const matches = answerOf(answer, 8)?.matches ?? {}
      const rightText = new Map(question.right.map((side) => [side.id, side.text]))
      return (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {Object.keys(matches).length === 0 ? <li>{noAnswer}</li> : null}
          {question.left.map((left) => (
            <li key={left.id} className={pairRow({ columns: 2 })} data-testid="review-pair">
              <span dir="auto" className={css({ fontWeight: 'medium' })}>
                {left.text}
              </span>
              <span dir="auto">{Object.hasOwn(matches, left.id) ? rightText.get(matches[left.id]!) : t('questions.view.notMatched')}</span>
            </li>
          ))}
        </ul>
      )
    }
    case QuestionType.fileUpload: {
      const ids = answerOf(answer, 9)?.fileIds ?? []
      const files = storedFiles.filter((file) => ids.includes(file.id))
      return ids.length === 0 ? noAnswer : <StoredFiles files={files} audio={false} />
    }
    case QuestionType.audioRecording: {
      const recorded = answerOf(answer, 10)
      const id = recorded?.recordingId ?? null
      return id === null ? noAnswer : <StoredFiles files={storedFiles.filter((file) => file.id === id)} audio durationSeconds={recorded?.durationSeconds} />
    }
  }
}
