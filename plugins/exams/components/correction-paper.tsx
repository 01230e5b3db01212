import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { CorrectorExamSession, CorrectSessionQuestion } from '../contract/correction.ts'
import { finishPaper, markQuestion } from '../correction/commands.ts'
import { correctionEventNames } from '../correction/events.ts'
import type { ExamCorrectionView } from '../correction/projection.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { AnswerFilesContext } from '../../../src/questions/index.ts'
import { Separator } from '../../../src/i18n/separator.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Icon } from '../../../src/ui/icons.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { CorrectionQuestion } from './correction-question.tsx'

/** Alt+↓ / Alt+↑: the next / previous paper, from anywhere on the page (as homework's correction; the same in both directions of writing). */
export const paperStep = (event: KeyboardEvent): 1 | -1 | null =>
  event.altKey && !event.ctrlKey && !event.metaKey ? (event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : null) : null

/**
 * One paper as she grades it: the student and class room, previous / next (buttons and Alt+↑/↓),
 * every question with its answer and her mark, and "Finish paper". A 139 (the paper changed in
 * another tab or device since she read it) says so and reads it again; her typed marks stay.
 */
export function CorrectionPaper({
  paper,
  view,
  onMove,
  onReload,
  focusHeading,
}: {
  paper: CorrectorExamSession
  view: ExamCorrectionView
  onMove: (sessionId: number) => void
  onReload: () => void
  /** She has just moved to this paper: its heading takes the focus. */
  focusHeading: boolean
}) {
  const t = useT()
  const store = useEventStore()
  const heading = useRef<HTMLHeadingElement>(null)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [unmarkedTried, setUnmarkedTried] = useState(false)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [paper.sessionId, focusHeading])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = paperStep(event)
      const target = step === 1 ? paper.nextSessionId : step === -1 ? paper.previousSessionId : null
      if (target === null) return
      event.preventDefault()
      onMove(target)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [paper.nextSessionId, paper.previousSessionId, onMove])

  const pendingHere = view.pending.filter((command) => command.payload.sessionId === paper.sessionId)
  const waitingOn = (questionId: string) =>
    pendingHere.some((command) => command.name === correctionEventNames.markRequested && (command.payload as CorrectSessionQuestion).questionId === questionId)
  const finishing = pendingHere.some((command) => command.name === correctionEventNames.finishPaperRequested)
  const markedHere = new Set(
    pendingHere
      .filter((command) => command.name === correctionEventNames.markRequested)
      .map((command) => (command.payload as CorrectSessionQuestion).questionId),
  )
  const unmarked = paper.questions.filter((entry) => entry.manual && entry.mark === null && !markedHere.has(entry.question.id)).length
  const refusal =
    view.lastRefusal !== null && view.lastRefusal.sessionId === paper.sessionId && view.lastRefusal.commandId !== dismissed ? view.lastRefusal : null

  const finish = () => {
    setUnmarkedTried(true)
    if (unmarked > 0) return
    store.dispatch(finishPaper, { sessionId: paper.sessionId, version: paper.version })
  }
  return (
    <article
      aria-labelledby="correction-paper-heading"
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
      data-testid="correction-paper"
      data-session-id={paper.sessionId}
      data-version={paper.version}
    >
      <nav aria-label={t('exams.correct.moveLabel')} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <Button
          variant="outline"
          size="sm"
          disabled={paper.previousSessionId === null}
          onClick={() => paper.previousSessionId !== null && onMove(paper.previousSessionId)}
          aria-keyshortcuts="Alt+ArrowUp"
          data-testid="correction-previous"
        >
          <Icon d="m15 18-6-6 6-6" className="fasl-flip" />
          {t('exams.correct.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={paper.nextSessionId === null}
          onClick={() => paper.nextSessionId !== null && onMove(paper.nextSessionId)}
          aria-keyshortcuts="Alt+ArrowDown"
          data-testid="correction-next"
        >
          {t('exams.correct.next')}
          <Icon d="m9 18 6-6-6-6" className="fasl-flip" />
        </Button>
      </nav>
      <header className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <h2
            id="correction-paper-heading"
            ref={heading}
            tabIndex={-1}
            className={css({ fontSize: 'xl', fontWeight: 'bold' })}
            data-testid="correction-student"
          >
            <UserText text={paper.studentName} />
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {paper.classRoomName}
            <Separator />
            {t('exams.correct.questionCount', { count: paper.questions.length })}
          </p>
        </div>
        <StatusChip tone={paper.graded ? 'complete' : 'neutral'} data-testid="correction-paper-status" data-graded={paper.graded}>
          {t(paper.graded ? 'exams.correct.graded' : 'exams.correct.notGraded')}
        </StatusChip>
      </header>
      {refusal === null ? null : (
        <Banner tone="danger" testId="correction-refused">
          <span className={css({ flex: '1' })}>
            {refusal.code === 139 ? t('exams.correct.stale') : t('exams.correct.refused', { message: refusal.message })}
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDismissed(refusal.commandId)
              onReload()
            }}
            data-testid="correction-reload"
          >
            {t('exams.correct.reload')}
          </Button>
        </Banner>
      )}
      {paper.editable ? null : <Banner tone="info">{t('exams.correct.closed')}</Banner>}
      {/* Her file and recorded answers, by the signed links the paper carries (read-only: nothing is uploaded here). */}
      <AnswerFilesContext.Provider value={{ files: paper.answerFiles, upload: null, scope: null }}>
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          {paper.questions.map((entry, index) => (
            <li key={`${paper.sessionId}:${entry.question.id}`}>
              <CorrectionQuestion
                entry={entry}
                number={index + 1}
                editable={paper.editable}
                waiting={waitingOn(entry.question.id)}
                onMark={(mark) =>
                  store.dispatch(markQuestion, {
                    sessionId: paper.sessionId,
                    version: paper.version,
                    questionId: mark.questionId,
                    score: mark.score,
                    comment: mark.comment,
                  })
                }
              />
            </li>
          ))}
        </ol>
      </AnswerFilesContext.Provider>
      {paper.editable ? (
        <footer className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
          {unmarkedTried && unmarked > 0 ? (
            <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })} data-testid="correction-unmarked">
              {t('exams.correct.unmarked', { count: unmarked })}
            </p>
          ) : null}
          <Button onClick={finish} loading={finishing} data-testid="correction-finish">
            {t(paper.graded ? 'exams.correct.finishAgain' : 'exams.correct.finish')}
          </Button>
        </footer>
      ) : null}
    </article>
  )
}
