import type { HomeworkSummary } from './contract/homework.ts'

/** A chapter's homework, or (chapterId null) the homework filed under none. */
export interface ChapterGroup {
  readonly chapterId: number | null
  readonly chapterName: string | null
  readonly homework: ReadonlyArray<HomeworkSummary>
}

/**
 * A subject's homework grouped by its chapter: the chapters in the order they were made (their ids,
 * as the class room's chapters list has them), "No chapter" last; each group keeps the list's order
 * (latest due first).
 */
export const homeworkByChapter = (list: ReadonlyArray<HomeworkSummary>): ReadonlyArray<ChapterGroup> => {
  const groups = new Map<number | null, { chapterId: number | null; chapterName: string | null; homework: HomeworkSummary[] }>()
  for (const homework of list) {
    const group = groups.get(homework.chapterId) ?? { chapterId: homework.chapterId, chapterName: homework.chapterName, homework: [] }
    group.homework.push(homework)
    groups.set(homework.chapterId, group)
  }
  return [...groups.values()].sort((a, b) => (a.chapterId ?? Number.POSITIVE_INFINITY) - (b.chapterId ?? Number.POSITIVE_INFINITY))
}
