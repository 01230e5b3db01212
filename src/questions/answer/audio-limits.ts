import { maxRecordingSeconds } from '../../../contracts/questions/answer-files.ts'

/** The longest audio answer (contracts/questions/answer-files.ts, where the answer's length is bounded by it). */
export const defaultRecordingSeconds = maxRecordingSeconds

/** "2:05" style elapsed time, digits in the user's language. */
export const clockOf = (seconds: number, formatNumber: (value: number, options?: { minimumIntegerDigits?: number }) => string): string =>
  `${formatNumber(Math.floor(seconds / 60))}:${formatNumber(Math.floor(seconds % 60), { minimumIntegerDigits: 2 })}`
