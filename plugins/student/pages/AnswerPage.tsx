import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'wouter'
import { css } from 'styled-system/css'
import type { Answer, Submission } from '../../../contracts/questions/question.ts'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import type { StudentHomework } from '../../homework/contract/submissions.ts'
import { callApi } from '../../../src/api/client.ts'
import { useEventStore, useOnRefusal, useStoreSnapshot } from '../../../src/events/react.ts'
import { emptyLifecycle } from '../../../src/events/fold.ts'
import { readWithPending } from '../../../src/events/read-model.ts'
import type { LogEvent } from '../../../src/events/types.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { AnswerFilesContext, QuestionView, type AnswerFilesValue } from '../../../src/questions/index.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { uploadFile } from '../../../src/uploads/upload-file.ts'
import { saveHomeworkDraft, submitHomework, undoHandIn } from '../commands.ts'
import { ResultView } from '../components/result-view.tsx'
import { StatusChip } from '../components/status-chip.tsx'
import { myHomeworkEventNames, type MyHomeworkWrite } from '../events.ts'
import { myHomeworkRoutes } from '../routes.ts'
import { studentActionsOf, unansweredCount } from '../student-logic.ts'
import { Separator } from '../../../src/i18n/separator.tsx'
import { MyPrivateComments } from '../../homework/public.ts'
import { UserText } from '../../../src/ui/user-text.tsx'
import { HomeworkMaterialsView } from '../components/homework-materials.tsx'

/** How long after her last change the draft is kept (a burst of typing is one save). */
const draftDelayMs = 800

/** A waiting write of hers, applied to the homework: its answers replace the ones before it; an undo takes the hand-in back. */
const withWaitingAnswers = (homework: StudentHomework, command: LogEvent<MyHomeworkWrite>): StudentHomework =>
  'answers' in command.payload
    ? { ...homework, answers: command.payload.answers }
    : { ...homework, status: 'in_progress', submittedAt: null, late: false, undoable: false, result: null, answerKey: null }

type RejectionKind = 'draft' | 'submit' | 'undo'
const rejectionKind = (name: string): RejectionKind =>
  name === myHomeworkEventNames.submitRequested ? 'submit' : name === myHomeworkEventNames.undoHandInRequested ? 'undo' : 'draft'
const rejectionMessages = {
  draft: 'student.answer.draftRejected',
  submit: 'student.answer.submitRejected',
  undo: 'student.answer.undoRejected',
} as const satisfies Record<RejectionKind, string>

/** `/my-homework/{id}`: one homework or quiz, answered with a draft kept as she goes, handed in after a confirmation, then its result. */
export default function AnswerPage({ params }: PageProps) {
  const t = useT()
  const homeworkId = /^\d+$/u.test(params.id ?? '') ? Number(params.id) : null
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  // Re-read on every snapshot (useEventStore re-renders): her writes' lifecycle, as the store holds it.
  const lifecycle = 'myHomework' in snapshot.views ? store.lifecycle<MyHomeworkWrite>('myHomework') : emptyLifecycle
  const opened = useResource(
    homeworkId === null ? null : ['openHomework', homeworkId],
    () => callApi((c) => c.studentHomework.openHomework({ payload: { homeworkId: homeworkId! } })),
    { freshOnMount: true },
  )
  const [answers, setAnswers] = useState<Submission | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [confirmingUndo, setConfirmingUndo] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const unsaved = useRef<Submission | null>(null)
  // The newest answers, also between renders: two uploads finishing together each add their own.
  const latestAnswers = useRef<Submission | null>(null)
  latestAnswers.current = unsaved.current ?? answers

  // One model of her homework: the page's read, or the newer answer one of her writes got (a write
  // answers with the whole homework as the server then holds it: status, grade, a training quiz's
  // right answers), with her writes still waiting applied on top (read-model.ts).
  const read = opened.status === 'ready' ? opened.data : null
  const model = homeworkId === null ? null : readWithPending(read, lifecycle, homeworkId, withWaitingAnswers)
  const homework = model?.value ?? null
  const waiting = model?.waiting.length ?? 0
  const submitWaiting = model?.waiting.some((command) => command.name === myHomeworkEventNames.submitRequested) ?? false
  const refusal = lifecycle?.lastRefusal
  const rejection =
    refusal && refusal.command.payload.homeworkId === homeworkId
      ? { commandId: refusal.command.id, kind: rejectionKind(refusal.command.name), code: refusal.code, message: refusal.message }
      : null

  // Her answers start from what this device still has to send (once its log is read back: the
  // server's answer may well come first), else from what the server holds.
  const restored = snapshot.restored
  useEffect(() => {
    if (restored && homework && answers === null) setAnswers(homework.answers)
  }, [restored, homework, answers])
  // A refusal means the server holds something else than she thought (changed elsewhere, past due): read it again.
  const { refetch } = opened
  useOnRefusal(restored, rejection?.commandId ?? null, refetch)

  const flush = () => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
    if (unsaved.current !== null && homework && homeworkId !== null)
      store.dispatch(saveHomeworkDraft, { homeworkId, version: homework.version, answers: unsaved.current })
    unsaved.current = null
  }
  // Leaving the page (or the tab) keeps what she typed last; the ref holds the newest flush (it reads this render's homework).
  const flushRef = useRef(flush)
  flushRef.current = flush
  // File and audio answers: uploaded at once to her homework (Student/UploadAnswerFile), named by id in the draft.
  const answerFiles = homework?.answerFiles
  const answerFilesValue = useMemo<AnswerFilesValue>(
    () => ({
      files: answerFiles ?? [],
      upload: (questionId, file, fileName, onProgress) =>
        uploadFile<AnswerFile>(
          '/school/api/Student/UploadAnswerFile',
          { HomeworkID: homeworkId ?? 0, QuestionID: questionId, FileName: fileName },
          file,
          onProgress,
        ),
      scope: homeworkId === null ? null : `homework:${homeworkId}`,
    }),
    [answerFiles, homeworkId],
  )
  useEffect(() => {
    const leave = () => flushRef.current()
    window.addEventListener('pagehide', leave)
    return () => {
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [])

  if (homeworkId === null) return <EmptyState tone="danger" title={t('student.page.notFound')} />
  if (opened.status === 'loading' || (opened.status === 'ready' && answers === null)) return <LoadingBlock label={t('student.page.title')} />
  if (opened.status === 'error' || homework === null || answers === null)
    return (
      <EmptyState
        tone="danger"
        title={t('student.page.loadError')}
        text={opened.status === 'error' ? opened.problem.message : undefined}
        action={<Button onClick={opened.retry}>{t('shell.common.retry')}</Button>}
      />
    )

  const actions = studentActionsOf(homework.status, homework.lateWork === 'accepted')
  const answering = actions.saveDraft && !submitWaiting
  const answer = (questionId: string, next: Answer) => {
    const all = { ...(latestAnswers.current ?? answers), [questionId]: next }
    latestAnswers.current = all
    setAnswers(all)
    unsaved.current = all
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = setTimeout(flush, draftDelayMs)
  }
  const submit = () => {
    if (timer.current !== null) clearTimeout(timer.current)
    unsaved.current = null
    store.dispatch(submitHomework, { homeworkId, version: homework.version, answers })
    setConfirming(false)
    window.scrollTo({ top: 0 })
  }
  const undo = () => {
    if (homework.version !== null) store.dispatch(undoHandIn, { homeworkId, version: homework.version })
    setConfirmingUndo(false)
  }
  const undoWaiting = model?.waiting.some((command) => command.name === myHomeworkEventNames.undoHandInRequested) ?? false
  const missing = unansweredCount(homework.questions, answers)

  return (
    <AnswerFilesContext.Provider value={answerFilesValue}>
      <article
        className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '48rem', width: 'full', marginInline: 'auto' })}
        data-testid="my-homework-answer"
        data-status={homework.status}
      >
        <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Link
            href={myHomeworkRoutes.list.link()}
            className={css({
              fontSize: 'sm',
              color: 'accent.emphasis',
              textDecoration: 'underline',
              minHeight: '11',
              display: 'inline-flex',
              alignItems: 'center',
              alignSelf: 'flex-start',
            })}
          >
            {t('student.page.back')}
          </Link>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <StatusChip status={submitWaiting ? 'ready' : homework.status} late={homework.late} />
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('student.list.due', { due: new Date(homework.dueAt) })}</span>
          </div>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>
            <UserText text={homework.title} />
          </h1>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <UserText text={homework.subjectName} />
            <Separator />
            {t('student.page.total', { total: homework.totalDegree })}
          </p>
          {homework.text ? (
            <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
              {homework.text}
            </p>
          ) : null}
        </header>
        <HomeworkMaterialsView materials={homework.materials} />
        {rejection ? (
          <Banner tone="danger" testId="my-homework-rejected">
            {t(rejectionMessages[rejection.kind], { message: rejection.message })}
          </Banner>
        ) : null}
        {submitWaiting ? (
          <Banner tone="info" testId="my-homework-submit-waiting">
            {t('student.answer.submitWaiting')}
          </Banner>
        ) : null}
        {homework.extended && answering ? (
          <Banner tone="info" live={false} testId="my-homework-extended">
            {t('student.answer.extended', { due: new Date(homework.dueAt) })}
          </Banner>
        ) : null}
        {answering && homework.status === 'uncompleted' ? (
          <Banner tone="warning" live={false} testId="my-homework-late-open">
            {t('student.answer.lateOpen')}
          </Banner>
        ) : null}
        {undoWaiting ? (
          <Banner tone="info" testId="my-homework-undo-waiting">
            {t('student.answer.undoWaiting')}
          </Banner>
        ) : null}
        {answering ? (
          <>
            <p
              role="status"
              className={css({ fontSize: 'sm', color: 'fg.muted' })}
              data-testid="my-homework-draft-state"
              data-waiting={waiting > 0 || undefined}
            >
              {t(waiting > 0 ? 'student.answer.keptOnDevice' : 'student.answer.saved')}
            </p>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('student.answer.questions', { count: homework.questions.length })}</h2>
            <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
              {homework.questions.map((question, index) => (
                <li key={question.id}>
                  <QuestionView
                    mode="answering"
                    number={index + 1}
                    question={question}
                    answer={answers[question.id] ?? null}
                    onAnswer={(next) => answer(question.id, next)}
                  />
                </li>
              ))}
            </ol>
            <Button full onClick={() => setConfirming(true)} disabled={!actions.submit} data-testid="my-homework-submit">
              {t('student.answer.submit')}
            </Button>
          </>
        ) : null}
        {!answering && !submitWaiting && homework.result === null && homework.answerKey === null ? (
          <Banner tone="info" live={false} testId="my-homework-waiting-correction">
            {t(homework.status === 'uncompleted' ? 'student.answer.uncompleted' : 'student.answer.waitingCorrection')}
          </Banner>
        ) : null}
        {homework.undoable && !answering && !submitWaiting ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('student.answer.undoHint')}</p>
            <Button variant="outline" onClick={() => setConfirmingUndo(true)} data-testid="my-homework-undo">
              {t('student.answer.undo')}
            </Button>
          </div>
        ) : null}
        {!answering && !submitWaiting ? <ResultView homework={homework} /> : null}
        <Suspense fallback={null}>
          <MyPrivateComments homeworkId={homework.homeworkId} />
        </Suspense>
        {confirming ? (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setConfirming(false)}
            title={t('student.answer.confirmTitle')}
            description={missing > 0 ? t('student.answer.confirmMissing', { count: missing }) : t('student.answer.confirmText')}
            confirmLabel={t('student.answer.confirm')}
            cancelLabel={t('student.answer.cancel')}
            closeLabel={t('student.answer.cancel')}
            confirmTestId="my-homework-submit-confirm"
            onConfirm={submit}
          />
        ) : null}
        {confirmingUndo ? (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setConfirmingUndo(false)}
            title={t('student.answer.undoTitle')}
            description={t('student.answer.undoText')}
            confirmLabel={t('student.answer.undoConfirm')}
            cancelLabel={t('student.answer.undoCancel')}
            closeLabel={t('student.answer.undoCancel')}
            confirmTestId="my-homework-undo-confirm"
            onConfirm={undo}
          />
        ) : null}
      </article>
    </AnswerFilesContext.Provider>
  )
}
