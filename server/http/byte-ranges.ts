/** The first and last byte of a part of a file, both included (as `Content-Range` writes them). */
export interface ByteRange {
  readonly start: number
  readonly end: number
}

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 §14): the whole file (no header,
 * another unit, a malformed or a multi-part one: a server may ignore those and answer 200), one
 * part (206), or nothing it can give (416: every range starts past the end, or asks the last 0 bytes).
 * Media players ask for `bytes=0-`, then `bytes=<n>-` when the listener jumps ahead.
 */
export type RangeRequest = { readonly kind: 'whole' } | { readonly kind: 'part'; readonly range: ByteRange } | { readonly kind: 'unsatisfiable' }

const whole: RangeRequest = { kind: 'whole' }
const oneRange = /^bytes=(\d*)-(\d*)$/u

export const rangeRequested = (header: string | undefined, size: number): RangeRequest => {
  const match = oneRange.exec((header ?? '').replace(/\s+/gu, ''))
  if (match === null) return whole
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return whole
  if (first === '') {
    // A suffix: the last n bytes.
    const length = Number(last)
    if (!Number.isSafeInteger(length)) return whole
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } }
  }
  const start = Number(first)
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return whole
  // A last byte before the first is a malformed range, ignored (§14.1.1); one starting past the end cannot be met.
  if (end < start) return whole
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } }
}
