import { describe, expect, it } from 'vitest'
import { doublePapers, interleaveByClassRoom, shareCounts, splitPapers } from '../../../plugins/exams/server/correction/distribute.ts'

const attempts = (perRoom: Readonly<Record<number, number>>) =>
  Object.entries(perRoom).flatMap(([room, count]) =>
    Array.from({ length: count }, (_, index) => ({ attemptId: Number(room) * 1000 + index, classRoomId: Number(room) })),
  )

describe('giving out the papers of a closed exam', () => {
  it('counts each share by largest remainders, always totalling the papers', () => {
    expect(
      shareCounts(50, [
        { correctorId: 'a', percentage: 60 },
        { correctorId: 'b', percentage: 40 },
      ]),
    ).toEqual([30, 20])
    expect(
      shareCounts(7, [
        { correctorId: 'a', percentage: 60 },
        { correctorId: 'b', percentage: 40 },
      ]),
    ).toEqual([4, 3])
    // Three equal shares of 10: the one remainder goes to the corrector named first.
    expect(
      shareCounts(
        10,
        ['a', 'b', 'c'].map((correctorId) => ({ correctorId, percentage: 100 / 3 })),
      ),
    ).toEqual([4, 3, 3])
    expect(
      shareCounts(1, [
        { correctorId: 'a', percentage: 40 },
        { correctorId: 'b', percentage: 60 },
      ]),
    ).toEqual([0, 1])
    expect(shareCounts(0, [{ correctorId: 'a', percentage: 100 }])).toEqual([0])
  })

  it('interleaves class rooms and deals each corrector about her share of every class room', () => {
    expect(interleaveByClassRoom(attempts({ 1: 3, 2: 1 })).map((attempt) => attempt.classRoomId)).toEqual([1, 2, 1, 1])
    const dealt = splitPapers(attempts({ 1: 20, 2: 20, 3: 10 }), [
      { correctorId: 'a', percentage: 60 },
      { correctorId: 'b', percentage: 40 },
    ])
    const count = (corrector: string, room?: number) =>
      dealt.filter((paper) => paper.correctorId === corrector && (room === undefined || Math.floor(paper.attemptId / 1000) === room)).length
    expect([count('a'), count('b')]).toEqual([30, 20])
    for (const [room, size] of [
      [1, 20],
      [2, 20],
      [3, 10],
    ] as const)
      expect(Math.abs(count('a', room) - size * 0.6)).toBeLessThanOrEqual(1)
    expect(new Set(dealt.map((paper) => paper.attemptId)).size).toBe(50)
  })

  it('gives every paper to every corrector in double marking', () => {
    const papers = doublePapers(attempts({ 1: 2 }), [
      { correctorId: 'a', percentage: 50 },
      { correctorId: 'b', percentage: 50 },
    ])
    expect(papers).toHaveLength(4)
  })
})
