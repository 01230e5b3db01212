/**
 * The longest audio answer: 3 minutes. The spec sets none; three minutes holds a read-aloud
 * passage or a spoken answer, and keeps a recording (about 1.5 MB as Opus in WebM) small enough to
 * send over a school's shared connection and to keep on the device while offline.
 */
export const defaultRecordingSeconds = 180

/** "2:05" style elapsed time, digits in the user's language. */
export const clockOf = (seconds: number, formatNumber: (value: number, options?: { minimumIntegerDigits?: number }) => string): string =>
  `${formatNumber(Math.floor(seconds / 60))}:${formatNumber(Math.floor(seconds % 60), { minimumIntegerDigits: 2 })}`
