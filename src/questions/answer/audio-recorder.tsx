import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { Banner } from '../../ui/banner.tsx'
import { Button } from '../../ui/button.tsx'
import { clockOf, defaultRecordingSeconds } from './audio-limits.ts'

type Phase = { readonly kind: 'idle' } | { readonly kind: 'asking' } | { readonly kind: 'denied' } | { readonly kind: 'unsupported' } | { readonly kind: 'recording'; readonly started: number } | { readonly kind: 'recorded'; readonly url: string; readonly atLimit: boolean }

const supported = () => typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia !== undefined && typeof MediaRecorder !== 'undefined'

/**
 * An audio answer: asks for the microphone when the student starts (never before), records up to
 * `maxSeconds` (it stops by itself there), and plays the recording back before it is handed in.
 * Without permission it says so in the spec's words, with how to allow it.
 */
export function AudioRecorder({ maxSeconds = defaultRecordingSeconds, onRecorded, testId = 'audio-recorder' }: { maxSeconds?: number; onRecorded: (recording: Blob | null) => void; testId?: string }) {
  const t = useT()
  const { intl } = useI18n()
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [elapsed, setElapsed] = useState(0)
  const recorder = useRef<MediaRecorder | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const onRecordedRef = useRef(onRecorded)
  onRecordedRef.current = onRecorded

  const release = () => {
    stream.current?.getTracks().forEach((track) => track.stop())
    stream.current = null
  }
  useEffect(() => () => release(), [])
  useEffect(() => () => void (phase.kind === 'recorded' && URL.revokeObjectURL(phase.url)), [phase])

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
    media.addEventListener('stop', () => {
      release()
      const recording = new Blob(chunks, { type: media.mimeType || 'audio/webm' })
      setPhase({ kind: 'recorded', url: URL.createObjectURL(recording), atLimit: false })
      onRecordedRef.current(recording)
    })
    media.start(1000)
    setElapsed(0)
    setPhase({ kind: 'recording', started: Date.now() })
  }

  const format = (value: number, options?: { minimumIntegerDigits?: number }) => intl.formatNumber(value, options)
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })} data-testid={testId} data-phase={phase.kind}>
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
          {phase.atLimit ? <p role="status" className={css({ fontSize: 'sm' })}>{t('questions.audio.limitReached')}</p> : null}
          <audio controls src={phase.url} aria-label={t('questions.audio.recorded')} data-testid={`${testId}-playback`} />
        </>
      ) : null}
      {phase.kind !== 'recording' ? (
        <Button variant={phase.kind === 'recorded' ? 'outline' : 'solid'} loading={phase.kind === 'asking'} onClick={() => void start()} data-testid={`${testId}-start`}>
          {phase.kind === 'asking' ? t('questions.audio.asking') : phase.kind === 'recorded' ? t('questions.audio.again') : t('questions.audio.start')}
        </Button>
      ) : null}
    </div>
  )
}
