import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { submissionLimits, type GradeAnswers, type SubmissionForCorrection } from '../contract/submissions.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { AnswerFilesContext, QuestionView, type AnswerFilesValue } from '../../../src/questions/index.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { UserIcon } from '../../../src/ui/icons.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { correctionActionsOf, draftOf, gradeWith, reviewChanges, type ReviewDraft } from './logic.ts'
import { gradeText, StatusChip } from './status-chip.tsx'
import { DueExtension } from './due-extension.tsx'
import { isolate } from '../../../src/session/signed-in-identity.ts'

export interface SubmissionPanelProps {
  readonly work: SubmissionForCorrection
  /** This device's correction writes for this work not yet answered. */
  readonly waiting: number
  readonly onGrade: (request: Omit<GradeAnswers, 'version'>) => void
  readonly onMarkCorrected: (request: Omit<GradeAnswers, 'version'> | null) => void
  readonly onReopen: () => void
  /** Gives her alone a later due date (due-extension.tsx). */
  readonly onExtend?: (dueAt: string) => void
  /** The last "Save grades" of this work has been answered: shown beside the button. */
  readonly saved?: boolean
  /** Told the unsent changes as they are, so moving to another student saves them first. */
  readonly onChanges?: (changes: Omit<GradeAnswers, 'version'> | null) => void
  /** Her work is on the screen: the page moves the focus to its heading when the teacher has just moved to her. */
  readonly onShown?: (heading: HTMLElement, studentId: number) => void
}

/** One student's work: each question scored, the teacher's overrides and comments, and the status moves the machine offers. */
export function SubmissionPanel({ work, waiting, onGrade, onMarkCorrected, onReopen, onExtend, onChanges, onShown, saved = false }: SubmissionPanelProps) {
  const t = useT()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (heading.current !== null) onShown?.(heading.current, work.studentId)
  }, [onShown, work.studentId])
  const actions = correctionActionsOf(work.status, work.submittedAt !== null)
  const [drafts, setDrafts] = useState<Record<string, ReviewDraft>>(() =>
    Object.fromEntries(work.questions.map((question) => [question.id, draftOf(work.reviews[question.id])])),
  )
  const [comment, setComment] = useState(work.comment ?? '')
  // Questions whose mark field holds something that is not a mark: nothing is saved or marked until it is put right.
  const [invalidMarks, setInvalidMarks] = useState<ReadonlySet<string>>(() => new Set())
  const markValidity = (questionId: string) => (valid: boolean) =>
    setInvalidMarks((before) => {
      if (valid !== before.has(questionId)) return before
      const next = new Set(before)
      if (valid) next.delete(questionId)
      else next.add(questionId)
      return next
    })
  const marksInvalid = invalidMarks.size > 0
  const reviews = reviewChanges(work.reviews, drafts)
  const commentChanged = comment.trim() !== (work.comment ?? '').trim()
  const changes =
    reviews.length > 0 || commentChanged
      ? {
          homeworkId: work.homeworkId,
          studentId: work.studentId,
          reviews,
          ...(commentChanged ? { comment: comment.trim() === '' ? null : comment.trim() } : {}),
        }
      : null
  const grade = gradeWith(work.questions, work.answers, drafts)
  const tooLong =
    [...comment].length > submissionLimits.overallComment || Object.values(drafts).some((draft) => [...draft.comment].length > submissionLimits.answerComment)
  const changesText = JSON.stringify(changes)
  useEffect(() => {
    onChanges?.(actions.grade && !tooLong && !marksInvalid ? (JSON.parse(changesText) as typeof changes) : null)
  }, [changesText, actions.grade, tooLong, marksInvalid, onChanges])
  // Her files and recordings, opened and played through the signed links the correction read carries; nothing is uploaded here.
  const answerFiles = useMemo<AnswerFilesValue>(() => ({ files: work.answerFiles, upload: null, scope: null }), [work.answerFiles])
  const update = (questionId: string, change: Partial<ReviewDraft>) =>
    setDrafts((before) => ({ ...before, [questionId]: { ...(before[questionId] ?? { score: null, comment: '' }), ...change } }))

  return (
    <AnswerFilesContext.Provider value={answerFiles}>
      <section
        aria-labelledby="correction-work-title"
        className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
        data-testid="correction-work"
        data-student-id={work.studentId}
        data-status={work.status}
      >
        <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <h2 ref={heading} id="correction-work-title" tabIndex={-1} dir="auto" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
              {work.studentName}
            </h2>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <StatusChip status={work.status} late={work.late} />
              <span className={gradeText} data-testid="correction-grade">
                {t('homework.correct.grade', { grade: actions.grade ? grade : (work.grade ?? work.currentGrade), total: work.totalDegree })}
              </span>
            </div>
            {onExtend ? <DueExtension work={work} onExtend={onExtend} /> : null}
          </div>
        </header>
        {waiting > 0 ? (
          <Banner tone="info" testId="correction-waiting">
            {t('homework.correct.waiting', { count: waiting })}
          </Banner>
        ) : null}
        {work.status === 'not_viewed' ? (
          <EmptyState
            icon={<UserIcon />}
            title={t('homework.correct.notViewedTitle')}
            text={t('homework.correct.notViewedText')}
            testId="correction-not-viewed"
          />
        ) : null}
        {work.status === 'in_progress' ? (
          <Banner tone="info" live={false}>
            {t('homework.correct.inProgress')}
          </Banner>
        ) : null}
        {work.status === 'done' ? (
          <Banner tone="info" live={false}>
            {t('homework.correct.doneText')}
          </Banner>
        ) : null}
        {work.status === 'not_viewed' ? null : (
          <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            {work.questions.map((question, index) => {
              const answer = work.answers[question.id] ?? null
              const draft = drafts[question.id] ?? { score: null, comment: '' }
              return (
                <li key={question.id} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="correction-question">
                  {actions.grade ? (
                    <QuestionView
                      mode="correcting"
                      number={index + 1}
                      question={question}
                      answer={answer}
                      override={draft.score}
                      onOverride={(score) => update(question.id, { score })}
                      onOverrideValidity={markValidity(question.id)}
                    />
                  ) : (
                    <QuestionView mode="reviewing" number={index + 1} question={question} answer={answer} />
                  )}
                  {actions.grade ? (
                    <TextArea
                      label={t('homework.correct.answerComment', { number: index + 1 })}
                      value={draft.comment}
                      rows={2}
                      onValueChange={(next) => update(question.id, { comment: next })}
                      dir="auto"
                      testId="correction-answer-comment"
                    />
                  ) : null}
                  {!actions.grade && work.status !== 'in_progress' ? (
                    <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })} data-testid="correction-question-score">
                      {t('questions.view.score', { score: work.scores.find((entry) => entry.questionId === question.id)?.score ?? 0, max: question.degree })}
                    </p>
                  ) : null}
                  {!actions.grade && work.reviews[question.id]?.comment ? (
                    <p className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap' })}>
                      {t('homework.correct.commentShown', { comment: isolate(work.reviews[question.id]!.comment!) })}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ol>
        )}
        {actions.grade ? (
          <TextArea label={t('homework.correct.overallComment')} value={comment} rows={3} onValueChange={setComment} dir="auto" testId="correction-comment" />
        ) : null}
        {!actions.grade && work.comment ? (
          <p className={css({ whiteSpace: 'pre-wrap' })} data-testid="correction-comment-shown">
            {t('homework.correct.commentShown', { comment: isolate(work.comment) })}
          </p>
        ) : null}
        {tooLong ? <Banner tone="danger">{t('homework.correct.tooLong')}</Banner> : null}
        {marksInvalid ? (
          <Banner tone="danger" testId="correction-marks-invalid">
            {t('homework.correct.marksInvalid')}
          </Banner>
        ) : null}
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
          {actions.grade ? (
            <Button
              variant="outline"
              disabled={changes === null || tooLong || marksInvalid}
              onClick={() => changes && onGrade(changes)}
              data-testid="correction-save"
            >
              {t('homework.correct.save')}
            </Button>
          ) : null}
          {actions.markCorrected ? (
            <Button disabled={tooLong || marksInvalid} onClick={() => onMarkCorrected(changes)} data-testid="correction-mark">
              {t('homework.correct.markCorrected')}
            </Button>
          ) : null}
          {actions.reopen ? (
            <Button variant="outline" onClick={onReopen} data-testid="correction-reopen">
              {t('homework.correct.reopen')}
            </Button>
          ) : null}
          <span role="status" className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'accent.emphasis' })} data-testid="correction-saved">
            {saved && changes === null ? t('homework.correct.saved') : ''}
          </span>
        </div>
      </section>
    </AnswerFilesContext.Provider>
  )
}
