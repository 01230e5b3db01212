import { describe, expect, it } from 'vitest'
import type { HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import { homeworkByChapter } from '../../../plugins/homework/homework-by-chapter.ts'

const line = (id: number, chapterId: number | null): HomeworkSummary =>
  ({ id, chapterId, chapterName: chapterId === null ? null : `Chapter ${chapterId}`, topicNames: [] }) as unknown as HomeworkSummary

describe("a subject's homework by chapter", () => {
  it('groups by chapter in the order chapters were made, "No chapter" last, each keeping the list order', () => {
    const groups = homeworkByChapter([line(1, null), line(2, 9), line(3, 4), line(4, 9), line(5, null)])
    expect(groups.map((group) => [group.chapterId, group.chapterName, group.homework.map((homework) => homework.id)])).toEqual([
      [4, 'Chapter 4', [3]],
      [9, 'Chapter 9', [2, 4]],
      [null, null, [1, 5]],
    ])
  })
  it('answers no group for no homework', () => {
    expect(homeworkByChapter([])).toEqual([])
  })
})
