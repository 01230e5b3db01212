import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react'
import { Link } from 'wouter'
import { css } from 'styled-system/css'
import type { Answer, Submission } from '../../../contracts/questions/question.ts'
import { serverOffsetOf } from '../contract/attempt-clock.ts'
import type { ExamInstructions, ExamLink, ExamSession } from '../contract/take-exam.ts'
import { takeExamCodes } from '../contract/take-exam-codes.ts'
import { takeExamMachine, unansweredKeys } from '../../../machines/take-exam.machine.ts'
import { callApi, isApiProblem } from '../../../src/api/client.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { accountIdOf } from '../../../src/session/storage.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { ExamAnswering } from '../components/exam-answering.tsx'
import { ExamInstructionsView } from '../components/exam-instructions.tsx'
import { LinkInvalid } from '../components/link-invalid.tsx'
import { examRoutes } from '../routes.ts'
import { useExamAnswerFiles } from '../take-exam/answer-files.ts'
import { finishExamSession, saveExamAnswers } from '../take-exam/commands.ts'
import { deviceKeyOf } from '../take-exam/device-key.ts'
import { emptyTakeExamView, isFinishWaiting, waitingWrite, type TakeExamView } from '../take-exam/projection.ts'
import { keepUnsent, takeUnsent } from '../take-exam/unsent-answers.ts'
import { SwitchStudent, type SwitchStudentHooks } from '../take-exam/switch-student.tsx'
import { AnswerFilesContext } from '../../../src/questions/index.ts'

/** How long after her last change her answers are saved (a burst of typing is one save). */
const saveDelayMs = 700

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '48rem', width: 'full', marginInline: 'auto' })
const notes = css({ fontSize: 'sm', color: 'fg.muted' })
const linkToMine = buttonStyle({}) + ' ' + css({ textDecoration: 'none' })

/** `/exams/take/{token}`: her single-use link. Reads the start instructions, then the take-exam machine drives the screens. */
export default function TakeExamPage({ params }: PageProps) {
  const token = params.token ?? ''
  const { session } = useSession()
  const account = accountIdOf(session?.accessToken ?? null)
  const deviceKey = useMemo(() => (account === null ? null : deviceKeyOf(account)), [account])
  const wellFormed = /^[A-Za-z0-9_-]{43}$/u.test(token)
  const switchHooks = useRef<SwitchStudentHooks | null>(null)
  return (
    <div className={page}>
      <SwitchStudent hooks={switchHooks} />
      <TakeExamScreens token={token} wellFormed={wellFormed} deviceKey={deviceKey} switchHooks={switchHooks} />
    </div>
  )
}

/** The page's screens below its "switch student" action: what the link opens to. */
function TakeExamScreens({
  token,
  wellFormed,
  deviceKey,
  switchHooks,
}: {
  token: string
  wellFormed: boolean
  deviceKey: string | null
  switchHooks: MutableRefObject<SwitchStudentHooks | null>
}) {
  const t = useT()
  const instructions = useResource(
    wellFormed && deviceKey !== null ? ['examInstructions', token] : null,
    () => callApi((c) => c.takeExam.examInstructions({ payload: { token, deviceKey: deviceKey! } })),
    { freshOnMount: true },
  )
  if (!wellFormed) return <LinkInvalid />
  if (deviceKey === null || instructions.status === 'loading') return <LoadingBlock label={t('exams.take.title')} />
  if (instructions.status === 'error') {
    const { problem } = instructions
    if (problem.code === takeExamCodes.linkNotValid) return <LinkInvalid />
    const final = problem.code === takeExamCodes.notOpenYet || problem.code === takeExamCodes.windowClosed
    return (
      <EmptyState
        tone="danger"
        title={t('exams.take.loadError')}
        text={problem.message}
        testId="exam-unavailable"
        heading="h1"
        action={
          final ? (
            <Link href={examRoutes.mine.link()} className={linkToMine}>
              {t('exams.take.toMyExams')}
            </Link>
          ) : (
            <Button onClick={instructions.retry}>{t('shell.common.retry')}</Button>
          )
        }
      />
    )
  }
  return <TakeExamFlow key={token} link={{ token, deviceKey }} instructions={instructions.data} switchHooks={switchHooks} />
}

function TakeExamFlow({
  link,
  instructions,
  switchHooks,
}: {
  link: ExamLink
  instructions: ExamInstructions
  switchHooks: MutableRefObject<SwitchStudentHooks | null>
}) {
  const t = useT()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const view = (snapshot.views.takeExam as TakeExamView | undefined) ?? emptyTakeExamView
  const viewRef = useRef(view)
  viewRef.current = view
  const [state, send, actor] = useMachine(takeExamMachine, { input: { questionKeys: instructions.questionKeys } })
  const [exam, setExam] = useState<ExamSession | null>(null)
  const [answers, setAnswers] = useState<Submission>({})
  const latestAnswers = useRef<Submission>({})
  const [starting, setStarting] = useState(false)
  const [openProblem, setOpenProblem] = useState<string | null>(null)
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const { context } = state
  const screen = state.value

  const givenNow = () => {
    const { deadlineAt, serverOffsetMs } = actor.getSnapshot().context
    const now = Date.now() + serverOffsetMs
    return new Date(deadlineAt === null ? now : Math.min(now, Date.parse(deadlineAt))).toISOString()
  }
  /** Her answers and marks as they are now, into the outbox (a finish hands them in). */
  const write = useCallback(
    (finish: boolean) => {
      if (saveTimer.current !== null) clearTimeout(saveTimer.current)
      saveTimer.current = null
      const payload = { ...link, answers: latestAnswers.current, markedForReview: [...actor.getSnapshot().context.markedForReview], givenAt: givenNow() }
      store.dispatch(finish ? finishExamSession : saveExamAnswers, payload)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- givenNow reads the actor, which is stable
    [link, store, actor],
  )
  const flush = () => {
    if (saveTimer.current !== null) write(false)
  }
  const flushRef = useRef(flush)
  flushRef.current = flush
  const answerFiles = useExamAnswerFiles(link, exam)
  switchHooks.current = { flush: () => flushRef.current(), recordingKeys: answerFiles.recordingKeys }

  const start = useCallback(async () => {
    setStarting(true)
    setOpenProblem(null)
    try {
      const opened = await callApi((c) => c.takeExam.openExamSession({ payload: link }))
      // What this device still has to send is newer than what the server holds.
      // Newest first: what the page kept as it went away (unsent-answers.ts), what this device still has to send, what the server holds.
      const unsent = takeUnsent(link.token)
      const waiting = unsent ?? waitingWrite(viewRef.current, link.token)
      const startAnswers = waiting?.answers ?? opened.answers
      latestAnswers.current = startAnswers
      setAnswers(startAnswers)
      setExam(opened)
      send({ type: 'student.started', deadlineAt: opened.deadlineAt, serverOffsetMs: serverOffsetOf(opened.serverNow, Date.now()) })
      for (const key of Object.keys(startAnswers)) send({ type: 'answer.given', questionKey: key })
      for (const key of waiting?.markedForReview ?? opened.markedForReview) send({ type: 'question.markedForReview', questionKey: key })
      if (opened.timeUp) send({ type: 'clock.deadlinePassed' })
      else if (unsent !== null) write(false)
    } catch (problem) {
      if (isApiProblem(problem) && problem.code === takeExamCodes.linkNotValid) send({ type: 'link.invalid' })
      else setOpenProblem(isApiProblem(problem) ? problem.message : String(problem))
    } finally {
      setStarting(false)
    }
  }, [link, send, write])

  // Started on this device already: continue at once, once the log is read back (its waiting answers are hers).
  const continued = useRef(false)
  useEffect(() => {
    if (!instructions.started || !snapshot.restored || continued.current) return
    continued.current = true
    void start()
  }, [instructions.started, snapshot.restored, start])

  // The connection is a flag of the machine: the page says so, answering goes on.
  const online = snapshot.sync.online
  useEffect(() => send({ type: online ? 'connection.restored' : 'connection.lost' }), [online, send])

  // Leaving the page keeps what she gave last: handed to the outbox, and kept at once in this tab
  // while she is answering, for the unload may cut the outbox's write off (unsent-answers.ts).
  const answeringRef = useRef(false)
  answeringRef.current = screen === 'answering' || screen === 'confirmingFinish'
  useEffect(() => {
    // Not answering (not started yet on this page load, or done), what an earlier page kept stays for the next start.
    const leave = () => {
      if (answeringRef.current) keepUnsent(link.token, { answers: latestAnswers.current, markedForReview: [...actor.getSnapshot().context.markedForReview] })
      flushRef.current()
    }
    // Back from the back-forward cache, the page goes on: what it kept is older than what it will save.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) keepUnsent(link.token, null)
    }
    window.addEventListener('pagehide', leave)
    window.addEventListener('pageshow', back)
    return () => {
      window.removeEventListener('pagehide', leave)
      window.removeEventListener('pageshow', back)
      flushRef.current()
    }
  }, [link.token, actor])

  // Time up: her answers are handed in as they stood at the deadline, once; the server's word closes the attempt.
  const finishWaiting = isFinishWaiting(view, link.token)
  const handedIn = useRef(false)
  useEffect(() => {
    if (screen !== 'timeUp' || handedIn.current) return
    handedIn.current = true
    if (!isFinishWaiting(viewRef.current, link.token)) write(true)
  }, [screen, link.token, write])
  const refusal = view.lastRefusal?.token === link.token ? view.lastRefusal : null
  const finishAnswered = view.finishedLinks.includes(link.token) || (refusal?.finish ?? false)
  useEffect(() => {
    if (screen === 'timeUp' && finishAnswered) send({ type: 'attempt.closed' })
  }, [screen, finishAnswered, send])
  // A refused save: the link used up elsewhere (190, 194), or her time was up (193).
  const refusalId = refusal?.commandId ?? null
  const [refusalShown, setRefusalShown] = useState<string | null>(null)
  useEffect(() => {
    if (refusal === null || refusal.finish) return
    if (refusal.code === takeExamCodes.linkNotValid || refusal.code === takeExamCodes.alreadyFinished) send({ type: 'link.invalid' })
    else if (refusal.code === takeExamCodes.answersTooLate) send({ type: 'clock.deadlinePassed' })
    else setRefusalShown(refusal.message)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal
  }, [refusalId])

  const answer = (questionKey: string, next: Answer) => {
    const all = { ...latestAnswers.current, [questionKey]: next }
    latestAnswers.current = all
    setAnswers(all)
    send({ type: 'answer.given', questionKey })
    if (saveTimer.current !== null) clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => write(false), saveDelayMs)
  }
  const toggleMark = (questionKey: string) => {
    send({ type: context.markedForReview.includes(questionKey) ? 'question.unmarked' : 'question.markedForReview', questionKey })
    write(false)
  }
  const moving = (event: Parameters<typeof send>[0]) => {
    flush()
    send(event)
  }
  const elapsed = useCallback(() => {
    if (actor.getSnapshot().matches('answering') || actor.getSnapshot().matches('confirmingFinish')) send({ type: 'clock.deadlinePassed' })
  }, [actor, send])
  const confirmFinish = () => {
    // The machine decides whether she may finish now (not while offline); the page keeps no copy of that rule.
    if (!actor.getSnapshot().can({ type: 'finish.confirmed' })) return
    write(true)
    send({ type: 'finish.confirmed' })
  }

  if (screen === 'linkInvalid') return <LinkInvalid />
  if (screen === 'instructions')
    return (
      <>
        {openProblem === null ? null : (
          <Banner tone="danger" testId="exam-open-failed">
            {openProblem}
          </Banner>
        )}
        <ExamInstructionsView instructions={instructions} starting={starting} onStart={() => void start()} />
      </>
    )
  if (screen === 'timeUp' || screen === 'finished')
    return (
      <EmptyState
        title={t(screen === 'timeUp' ? 'exams.take.timeUpTitle' : 'exams.take.finishedTitle')}
        text={t(screen === 'timeUp' ? 'exams.take.timeUpText' : finishWaiting ? 'exams.take.finishWaiting' : 'exams.take.finishedText')}
        testId={screen === 'timeUp' ? 'exam-time-up' : 'exam-finished'}
        heading="h1"
        action={
          <Link href={examRoutes.mine.link()} className={linkToMine} data-testid="exam-to-my-exams">
            {t('exams.take.toMyExams')}
          </Link>
        }
      />
    )
  if (exam === null || context.deadlineAt === null) return <LoadingBlock label={t('exams.take.title')} />
  const missing = unansweredKeys(context).length
  const marked = context.markedForReview.length
  return (
    <AnswerFilesContext.Provider value={answerFiles.value}>
      <ExamAnswering
        exam={exam}
        answers={answers}
        questionKeys={context.questionKeys}
        answered={context.answered}
        marked={context.markedForReview}
        currentIndex={context.currentIndex}
        deadlineAt={context.deadlineAt}
        serverOffsetMs={context.serverOffsetMs}
        online={context.online}
        waiting={view.pending.some((command) => command.payload.token === link.token)}
        refusal={refusalShown}
        onAnswer={answer}
        onToggleMark={toggleMark}
        onGoTo={(index) => moving({ type: 'navigate.goTo', index })}
        onNext={() => moving({ type: 'navigate.next' })}
        onPrevious={() => moving({ type: 'navigate.previous' })}
        onFinish={() => moving({ type: 'finish.requested' })}
        onElapsed={elapsed}
      />
      {screen === 'confirmingFinish' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && send({ type: 'finish.cancelled' })}
          title={t('exams.take.confirmTitle')}
          description={missing > 0 ? t('exams.take.confirmMissing', { count: missing }) : t('exams.take.confirmText')}
          confirmLabel={t('exams.take.confirm')}
          cancelLabel={t('exams.take.cancel')}
          closeLabel={t('exams.take.cancel')}
          confirmTestId="exam-finish-confirm"
          onConfirm={confirmFinish}
        >
          {marked > 0 ? <p className={notes}>{t('exams.take.confirmMarked', { count: marked })}</p> : null}
          {context.online ? null : (
            <p className={notes} role="alert" data-testid="exam-finish-offline">
              {t('exams.take.confirmOffline')}
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </AnswerFilesContext.Provider>
  )
}
