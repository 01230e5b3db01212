import { useState } from 'react'
import { css } from 'styled-system/css'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { clockOf } from './audio-limits.ts'

/**
 * A handed-in recording read back (correcting, reviewing): the browser's own player, which seeks
 * through byte ranges (server/http/byte-ranges.ts), and its length as "m:ss" in the language's
 * digits. The length is the one measured while she recorded (a WebM from MediaRecorder often says
 * Infinity); an answer saved before that was kept falls back to the player's, when it is finite,
 * and otherwise shows none rather than 0:00.
 */
export function AnswerAudio({ recording, durationSeconds }: { recording: AnswerFile; durationSeconds: number | undefined }) {
  const t = useT()
  const { intl } = useI18n()
  const [playerSeconds, setPlayerSeconds] = useState<number | null>(null)
  const seconds = durationSeconds ?? playerSeconds
  const readLength = (element: HTMLAudioElement) => {
    if (durationSeconds === undefined && Number.isFinite(element.duration) && element.duration > 0) setPlayerSeconds(element.duration)
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
        onLoadedMetadata={(event) => readLength(event.currentTarget)}
        onDurationChange={(event) => readLength(event.currentTarget)}
        className={css({ maxWidth: 'full' })}
      />
      {seconds === null ? null : (
        <span className={css({ fontVariantNumeric: 'tabular-nums', color: 'fg.muted', fontSize: 'sm' })} data-testid="answer-audio-length">
          {t('questions.audio.length', { length: clockOf(Math.max(1, Math.round(seconds)), (value, options) => intl.formatNumber(value, options)) })}
        </span>
      )}
    </div>
  )
}
