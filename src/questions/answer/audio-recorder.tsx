import { useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { wordIssue } from '../../forms/issue-messages.ts'
import { fileValidation } from '../../../workers/file-validation.client.ts'
import { isApiProblem } from '../../api/problem.ts'
import { useI18n, useLocale, useT } from '../../i18n/intl.tsx'
import { Banner } from '../../ui/banner.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { ProgressBar } from '../../ui/progress.tsx'
import { recordedAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { useAnswerFiles } from './answer-files-context.tsx'
import { clockOf, defaultRecordingSeconds } from './audio-limits.ts'
import { useEventStore } from '../../events/react.ts'
import { pendingRecordingsOf } from './pending-recordings.ts'

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'asking' }
  | { readonly kind: 'denied' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'recording'; readonly started: number }
  | { readonly kind: 'recorded'; readonly url: string; readonly atLimit: boolean }
type Sending =
  | { readonly kind: 'none' }
  | { readonly kind: 'uploading'; readonly progress: number }
  | { readonly kind: 'sent' }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string }

const supported = () => typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia !== undefined && typeof MediaRecorder !== 'undefined'
const fileNameOf = (recording: Blob) => (recording.type.includes('ogg') ? 'recording.ogg' : recording.type.includes('mp4') ? 'recording.m4a' : 'recording.webm')

/**
 * An audio answer: asks for the microphone when the student starts (never before), records up to
 * `maxSeconds` (it stops by itself there), and sends the recording as soon as she stops; she plays
 * it back, and recording again (after a confirmation) replaces it. Until the server has it the
 * recording waits in the signed-in account's store (pending-recordings.ts): offline, after a failure or a reload it is
 * sent when the connection is back, so nothing she recorded is lost. Without permission it says
 * so in the spec's words, with how to allow it.
 */
export function AudioRecorder({
  questionId,
  recordingId,
  onRecordingId,
  maxSeconds = defaultRecordingSeconds,
  testId = 'audio-recorder',
}: {
  questionId: string
  recordingId: number | null
  /** The stored recording's id and its length in seconds, measured while she recorded (unknown for one kept from an earlier visit). */
  onRecordingId: (id: number | null, durationSeconds?: number) => void
  maxSeconds?: number
  testId?: string
}) {
  const t = useT()
  const locale = useLocale()
  const { intl } = useI18n()
  const { files, upload, scope } = useAnswerFiles()
  const store = useEventStore()
  const recordings = useMemo(() => pendingRecordingsOf(store), [store])
  const stored = recordingId === null ? undefined : files.find((file) => file.id === recordingId)
  const [phase, setPhase] = useState<Phase>(stored ? { kind: 'recorded', url: stored.url, atLimit: false } : { kind: 'idle' })
  const [sending, setSending] = useState<Sending>(stored ? { kind: 'sent' } : { kind: 'none' })
  const [confirming, setConfirming] = useState(false)
  const [elapsed, setElapsed] = useState(0)
  const recorder = useRef<MediaRecorder | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const waiting = useRef<Blob | null>(null)
  // Measured here, not read from the file: a WebM from MediaRecorder often says its duration is Infinity.
  const lengths = useRef(new WeakMap<Blob, number>())
  const onRecordingIdRef = useRef(onRecordingId)
  onRecordingIdRef.current = onRecordingId
  const pendingKey = scope === null ? null : `${scope}:${questionId}`

  const release = () => {
    stream.current?.getTracks().forEach((track) => track.stop())
    stream.current = null
  }
  useEffect(() => () => release(), [])
  useEffect(() => () => void (phase.kind === 'recorded' && phase.url.startsWith('blob:') && URL.revokeObjectURL(phase.url)), [phase])

  const send = async (recording: Blob) => {
    waiting.current = recording
    if (upload === null) return
    if (!navigator.onLine) return setSending({ kind: 'waiting' })
    // Refused (its type or size, the homework closed): sending it again cannot help, so it is not kept.
    const refuse = (message: string) => {
      waiting.current = null
      if (pendingKey !== null) void recordings.forget(pendingKey).catch(() => undefined)
      setSending({ kind: 'refused', message })
    }
    const check = await fileValidation().checkAttachmentFile(recording, 'file', recordedAnswerRules)
    if (check.issues.length > 0) return refuse(await wordIssue(check.issues[0]!, locale))
    setSending({ kind: 'uploading', progress: 0 })
    try {
      const file = await upload(questionId, recording, fileNameOf(recording), (progress) => setSending({ kind: 'uploading', progress })).done
      if (waiting.current !== recording) return
      waiting.current = null
      onRecordingIdRef.current(file.id, lengths.current.get(recording))
      setSending({ kind: 'sent' })
    } catch (error) {
      if (waiting.current !== recording) return
      if (!navigator.onLine) return setSending({ kind: 'waiting' })
      if (isApiProblem(error) && error.status === 400) return refuse(error.fields.file ?? error.message)
      setSending({ kind: 'failed', message: isApiProblem(error) ? error.message : String(error) })
    }
  }
  const sendRef = useRef(send)
  sendRef.current = send

  // The device's copy goes once the server's read of her work names the recording (her draft with it
  // is stored), not when the upload answers: a reload before the draft went still finds it.
  // Not at opening: a copy found then is a recording the server may not have yet (below).
  const opening = useRef(true)
  useEffect(() => {
    if (opening.current) return void (opening.current = false)
    if (stored !== undefined && pendingKey !== null && waiting.current === null) void recordings.forget(pendingKey).catch(() => undefined)
  }, [stored, pendingKey, recordings])

  // A recording left waiting by an earlier visit (offline, a failure, a reload) is played and sent
  // again; it is newer than any the server names, so it replaces that one.
  useEffect(() => {
    if (pendingKey === null) return
    let live = true
    void recordings
      .pending(pendingKey)
      .then((recording) => {
        if (!live || recording === undefined) return
        setPhase({ kind: 'recorded', url: URL.createObjectURL(recording), atLimit: false })
        void sendRef.current(recording)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [pendingKey, recordings])

  // Back online: what waits goes.
  useEffect(() => {
    const online = () => waiting.current !== null && void sendRef.current(waiting.current)
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [])

  const stop = (atLimit: boolean) => {
    const active = recorder.current
    if (active === null || active.state === 'inactive') return
    active.addEventListener('stop', () => setPhase((current) => (current.kind === 'recorded' ? { ...current, atLimit } : current)), { once: true })
    active.stop()
  }

  useEffect(() => {
    if (phase.kind !== 'recording') return undefined
    const timer = window.setInterval(() => {
      const seconds = Math.min(maxSeconds, (Date.now() - phase.started) / 1000)
      setElapsed(seconds)
      if (seconds >= maxSeconds) stop(true)
    }, 250)
    return () => window.clearInterval(timer)
  }, [phase, maxSeconds])

  const start = async () => {
    setConfirming(false)
    if (!supported()) return setPhase({ kind: 'unsupported' })
    setPhase({ kind: 'asking' })
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      return setPhase({ kind: 'denied' })
    }
    const chunks: Blob[] = []
    const media = new MediaRecorder(stream.current)
    recorder.current = media
    media.addEventListener('dataavailable', (event) => event.data.size > 0 && chunks.push(event.data))
    let started = 0
    media.addEventListener('start', () => void (started = performance.now()))
    media.addEventListener('stop', () => {
      release()
      const recording = new Blob(chunks, { type: media.mimeType || 'audio/webm' })
      lengths.current.set(recording, Math.min(maxSeconds, (performance.now() - started) / 1000))
      setPhase({ kind: 'recorded', url: URL.createObjectURL(recording), atLimit: false })
      // Kept on the device first: whatever happens to the upload, the recording is not lost.
      void (pendingKey === null ? Promise.resolve() : recordings.keep(pendingKey, recording).catch(() => undefined)).then(() => send(recording))
    })
    waiting.current = null
    setSending({ kind: 'none' })
    media.start(1000)
    setElapsed(0)
    setPhase({ kind: 'recording', started: Date.now() })
  }

  const format = (value: number, options?: { minimumIntegerDigits?: number }) => intl.formatNumber(value, options)
  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}
      data-testid={testId}
      data-phase={phase.kind}
      data-sending={sending.kind}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.audio.limit', { minutes: maxSeconds / 60 })}</p>
      {phase.kind === 'denied' ? (
        <Banner tone="danger" testId={`${testId}-denied`}>
          <div>
            <strong>{t('questions.audio.denied')}</strong> {t('questions.audio.deniedHint')}
          </div>
        </Banner>
      ) : null}
      {phase.kind === 'unsupported' ? <Banner tone="danger">{t('questions.audio.unsupported')}</Banner> : null}
      {phase.kind === 'recording' ? (
        <>
          <p role="timer" aria-live="off" className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', color: 'danger.default' })}>
            {t('questions.audio.recording', { elapsed: clockOf(elapsed, format), limit: clockOf(maxSeconds, format) })}
          </p>
          <Button variant="danger" onClick={() => stop(false)} data-testid={`${testId}-stop`}>
            {t('questions.audio.stop')}
          </Button>
        </>
      ) : null}
      {phase.kind === 'recorded' ? (
        <>
          {phase.atLimit ? (
            <p role="status" className={css({ fontSize: 'sm' })}>
              {t('questions.audio.limitReached')}
            </p>
          ) : null}
          <audio controls src={phase.url} aria-label={t('questions.audio.recorded')} data-testid={`${testId}-playback`} className={css({ maxWidth: 'full' })} />
        </>
      ) : null}
      {sending.kind === 'uploading' ? (
        <div className={css({ width: 'full', maxWidth: '20rem' })}>
          <ProgressBar
            value={Math.round(sending.progress * 100)}
            label={t('questions.audio.recorded')}
            valueText={t('questions.audio.uploading', { percent: sending.progress })}
            testId={`${testId}-progress`}
          />
        </div>
      ) : null}
      <p
        role="status"
        className={css({ fontSize: 'sm', color: sending.kind === 'failed' || sending.kind === 'refused' ? 'danger.default' : 'fg.muted' })}
        data-testid={`${testId}-status`}
      >
        {sending.kind === 'uploading' ? t('questions.audio.uploading', { percent: sending.progress }) : null}
        {sending.kind === 'sent' ? t('questions.audio.kept') : null}
        {sending.kind === 'waiting' ? t('questions.audio.waiting') : null}
        {sending.kind === 'failed' ? t('questions.audio.failed', { message: sending.message }) : null}
        {sending.kind === 'refused' ? t('questions.audio.refused', { message: sending.message }) : null}
      </p>
      {sending.kind === 'failed' && waiting.current !== null ? (
        <Button variant="outline" onClick={() => waiting.current !== null && void send(waiting.current)}>
          {t('questions.audio.retry')}
        </Button>
      ) : null}
      {phase.kind !== 'recording' ? (
        <Button
          variant={phase.kind === 'recorded' ? 'outline' : 'solid'}
          loading={phase.kind === 'asking'}
          disabled={sending.kind === 'uploading'}
          onClick={() => (phase.kind === 'recorded' ? setConfirming(true) : void start())}
          data-testid={`${testId}-start`}
        >
          {phase.kind === 'asking' ? t('questions.audio.asking') : phase.kind === 'recorded' ? t('questions.audio.again') : t('questions.audio.start')}
        </Button>
      ) : null}
      {upload === null ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.file.noUpload')}</p> : null}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(false)}
          title={t('questions.audio.replaceTitle')}
          description={t('questions.audio.replaceText')}
          confirmLabel={t('questions.audio.replace')}
          cancelLabel={t('questions.audio.keep')}
          closeLabel={t('questions.audio.keep')}
          confirmTestId={`${testId}-replace-confirm`}
          onConfirm={() => void start()}
        />
      ) : null}
    </div>
  )
}
