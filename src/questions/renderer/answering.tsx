import { css } from 'styled-system/css'
import type { Answer, AnswerOf } from '../../../contracts/questions/question.ts'
import type { StudentQuestion } from '../../../contracts/questions/student-view.ts'
import { QuestionType } from '../../../contracts/questions/type-codes.ts'
import { useT } from '../../i18n/intl.tsx'
import { Checkbox } from '../../ui/checkbox.tsx'
import { inputStyle } from '../../ui/field.tsx'
import { RadioGroup } from '../../ui/radio-group.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { AudioRecorder } from '../answer/audio-recorder.tsx'
import { FileAnswer } from '../answer/file-answer.tsx'
import { ConnectBoard } from '../dnd/connect-board.tsx'
import { SortableRow } from '../dnd/sortable-row.tsx'

export interface AnsweringProps {
  readonly question: StudentQuestion
  readonly answer: Answer | null
  readonly onAnswer: (answer: Answer) => void
}

const answerOf = <T extends Answer['type']>(answer: Answer | null, type: T): AnswerOf<T> | null => (answer?.type === type ? (answer as AnswerOf<T>) : null)

/** The student's side: what they see (contracts' student view, nothing right given away) and how they answer. */
export function Answering({ question, answer, onAnswer }: AnsweringProps) {
  const t = useT()
  const label = t('questions.view.yourAnswer')
  switch (question.type) {
    case QuestionType.multipleChoice: {
      const selected = answerOf(answer, 1)?.selected ?? []
      return (
        <fieldset className={css({ display: 'flex', flexDirection: 'column' })}>
          <legend className={css({ srOnly: true })}>{label}</legend>
          {question.options.map((option) => (
            <Checkbox
              key={option.id}
              checked={selected.includes(option.id)}
              onCheckedChange={(on) => onAnswer({ type: 1, selected: on ? [...selected, option.id] : selected.filter((id) => id !== option.id) })}
              testId="answer-option"
            >
              <span dir="auto">{option.text}</span>
            </Checkbox>
          ))}
        </fieldset>
      )
    }
    case QuestionType.singleChoice:
      return (
        <RadioGroup
          label={label}
          value={answerOf(answer, 2)?.selected ?? null}
          onValueChange={(value) => onAnswer({ type: 2, selected: value })}
          options={question.options.map((option) => ({ value: option.id, label: <span dir="auto">{option.text}</span>, testId: 'answer-option' }))}
        />
      )
    case QuestionType.trueFalse: {
      const value = answerOf(answer, 3)?.value
      return (
        <RadioGroup
          label={label}
          orientation="horizontal"
          value={value === undefined || value === null ? null : String(value)}
          onValueChange={(chosen) => onAnswer({ type: 3, value: chosen === 'true' })}
          options={[
            { value: 'true', label: t('questions.view.true'), testId: 'answer-true' },
            { value: 'false', label: t('questions.view.false'), testId: 'answer-false' },
          ]}
        />
      )
    }
    case QuestionType.paragraph:
    case QuestionType.smallParagraph: {
      const text = question.type === QuestionType.paragraph ? (answerOf(answer, 4)?.text ?? '') : (answerOf(answer, 5)?.text ?? '')
      return (
        <TextArea
          label={label}
          value={text}
          rows={question.type === QuestionType.paragraph ? 8 : 3}
          onValueChange={(next) => onAnswer({ type: question.type, text: next })}
          testId="answer-text"
        />
      )
    }
    case QuestionType.rearrange: {
      const order = answerOf(answer, 6)?.order ?? question.items.map((item) => item.id)
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.view.orderHelp')}</p>
          <SortableRow items={question.items} order={order} onOrder={(next) => onAnswer({ type: 6, order: [...next] })} label={label} />
        </div>
      )
    }
    case QuestionType.complete: {
      const gaps = answerOf(answer, 7)?.gaps ?? {}
      let number = 0
      return (
        <p dir="auto" className={css({ lineHeight: '2.6', whiteSpace: 'pre-wrap' })}>
          {question.body.map((segment, index) => {
            if (segment.kind === 'text') return <span key={index}>{segment.text}</span>
            number += 1
            return (
              <input
                key={segment.id}
                dir="auto"
                aria-label={t('questions.view.gap', { number })}
                value={gaps[segment.id] ?? ''}
                onChange={(event) => onAnswer({ type: 7, gaps: { ...gaps, [segment.id]: event.currentTarget.value } })}
                className={inputStyle + ' ' + css({ display: 'inline-block', width: '10rem', marginInline: '1', verticalAlign: 'middle' })}
                data-testid="answer-gap"
              />
            )
          })}
        </p>
      )
    }
    case QuestionType.connect: {
      const matches = answerOf(answer, 8)?.matches ?? {}
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.view.connectHelp')}</p>
          <ConnectBoard
            left={question.left}
            right={question.right}
            matches={matches}
            onMatches={(next) => onAnswer({ type: 8, matches: next })}
            label={label}
          />
        </div>
      )
    }
    // Files and recordings go up as she adds them (answer-files-context.tsx); the answer names them by id.
    case QuestionType.fileUpload:
      return <FileAnswer questionId={question.id} fileIds={answerOf(answer, 9)?.fileIds ?? []} onFileIds={(ids) => onAnswer({ type: 9, fileIds: [...ids] })} />
    case QuestionType.audioRecording:
      return (
        <AudioRecorder
          questionId={question.id}
          recordingId={answerOf(answer, 10)?.recordingId ?? null}
          onRecordingId={(id, durationSeconds) =>
            onAnswer(durationSeconds === undefined ? { type: 10, recordingId: id } : { type: 10, recordingId: id, durationSeconds })
          }
        />
      )
  }
}
