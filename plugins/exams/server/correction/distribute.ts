/**
 * How the papers of a closed exam are given out (issue 22 "Correctors mode"), kept pure.
 *
 * Split mode: each corrector's count is her percentage of the papers, rounded by largest remainders
 * (60/40 of 50 → 30 and 20; ties go to the corrector named first), so the counts always total the
 * papers. The papers are interleaved class room by class room and dealt, one at a time, to whoever is
 * furthest below her count, so each corrector takes about her share of every class room.
 */

export interface AttemptToDistribute {
  readonly attemptId: number
  readonly classRoomId: number
}

export interface ShareHolder {
  readonly correctorId: string
  readonly percentage: number
}

export interface PaperAssignment {
  readonly attemptId: number
  readonly correctorId: string
}

/** Each holder's count of `total` papers, by largest remainders. */
export const shareCounts = (total: number, holders: ReadonlyArray<ShareHolder>): number[] => {
  const sum = holders.reduce((acc, holder) => acc + holder.percentage, 0)
  if (sum <= 0) return holders.map(() => 0)
  const exact = holders.map((holder) => (total * holder.percentage) / sum)
  const counts = exact.map((value) => Math.floor(value + 1e-9))
  const left = total - counts.reduce((acc, count) => acc + count, 0)
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - counts[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder.slice(0, left)) counts[index]! += 1
  return counts
}

/** The attempts taken one from each class room in turn (class rooms in the order first met). */
export const interleaveByClassRoom = <A extends AttemptToDistribute>(attempts: ReadonlyArray<A>): A[] => {
  const rooms = new Map<number, A[]>()
  for (const attempt of attempts) rooms.set(attempt.classRoomId, [...(rooms.get(attempt.classRoomId) ?? []), attempt])
  const queues = [...rooms.values()]
  const out: A[] = []
  for (let round = 0; out.length < attempts.length; round++) for (const queue of queues) if (round < queue.length) out.push(queue[round]!)
  return out
}

export const splitPapers = (attempts: ReadonlyArray<AttemptToDistribute>, holders: ReadonlyArray<ShareHolder>): PaperAssignment[] => {
  const counts = shareCounts(attempts.length, holders)
  const given = holders.map(() => 0)
  return interleaveByClassRoom(attempts).map((attempt) => {
    // Whoever has the largest part of her count still to take (ties: the one named first).
    let pick = -1
    for (let index = 0; index < holders.length; index++) {
      if (given[index]! >= counts[index]!) continue
      if (pick === -1 || (counts[index]! - given[index]!) / counts[index]! > (counts[pick]! - given[pick]!) / counts[pick]!) pick = index
    }
    given[pick]! += 1
    return { attemptId: attempt.attemptId, correctorId: holders[pick]!.correctorId }
  })
}

/** Double marking: every corrector takes every paper. */
export const doublePapers = (attempts: ReadonlyArray<AttemptToDistribute>, holders: ReadonlyArray<ShareHolder>): PaperAssignment[] =>
  attempts.flatMap((attempt) => holders.map((holder) => ({ attemptId: attempt.attemptId, correctorId: holder.correctorId })))
