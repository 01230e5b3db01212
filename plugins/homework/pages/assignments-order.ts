import type { HomeworkSummary } from '../contract/homework.ts'

/** Open work first, the soonest due on top; then closed work, the latest closed on top. */
export const byOpenFirst = (a: Pick<HomeworkSummary, 'dueAt' | 'id'>, b: Pick<HomeworkSummary, 'dueAt' | 'id'>, now: number): number => {
  const dueA = Date.parse(a.dueAt)
  const dueB = Date.parse(b.dueAt)
  const openA = dueA > now
  const openB = dueB > now
  if (openA !== openB) return openA ? -1 : 1
  const byDue = openA ? dueA - dueB : dueB - dueA
  return byDue !== 0 ? byDue : a.id - b.id
}
