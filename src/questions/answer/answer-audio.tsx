import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { clockOf } from './audio-limits.ts'

/**
 * A handed-in recording read back (correcting, reviewing): the browser's own player, which seeks
 * through byte ranges (server/http/byte-ranges.ts), and its length as "m:ss" in the language's
 * digits. The length is the one measured while she recorded (a WebM from MediaRecorder often says
 * Infinity); an answer saved before that was kept falls back to the player's, once it is finite,
 * and until then shows none rather than 0:00.
 */
export function AnswerAudio({ recording, durationSeconds }: { recording: AnswerFile; durationSeconds: number | undefined }) {
  const t = useT()
  const { intl } = useI18n()
  const [playerSeconds, setPlayerSeconds] = useState<number | null>(null)
  const seeking = useRef(false)
  const seconds = durationSeconds ?? playerSeconds
  // A WebM without a duration (Infinity) cannot be sought: asking for a time past its end makes
  // the player read its end (a byte range) and learn the duration; then it goes back to the start.
  const onMetadata = (element: HTMLAudioElement) => {
    if (element.duration !== Number.POSITIVE_INFINITY) return readLength(element)
    seeking.current = true
    element.currentTime = Number.MAX_SAFE_INTEGER
  }
  const readLength = (element: HTMLAudioElement) => {
    if (!Number.isFinite(element.duration) || element.duration <= 0) return
    if (seeking.current) {
      seeking.current = false
      element.currentTime = 0
    }
    if (durationSeconds === undefined) setPlayerSeconds(element.duration)
  }
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', maxWidth: 'full' })}>
      <audio
        controls
        preload="metadata"
        src={recording.url}
        // Read by the teacher correcting as by the student reviewing: not "Your recording".
        aria-label={t('questions.audio.answerRecording')}
        data-testid="answer-audio"
        onLoadedMetadata={(event) => onMetadata(event.currentTarget)}
        onDurationChange={(event) => readLength(event.currentTarget)}
        className={css({ maxWidth: 'full' })}
      />
      {/* Whole seconds cut down, as the browser's player counts them beside it; a recording under a second reads 0:01, never 0:00. */}
      {seconds === null ? null : (
        <span className={css({ fontVariantNumeric: 'tabular-nums', color: 'fg.muted', fontSize: 'sm' })} data-testid="answer-audio-length">
          {t('questions.audio.length', { length: clockOf(Math.max(1, seconds), (value, options) => intl.formatNumber(value, options)) })}
        </span>
      )}
    </div>
  )
}
