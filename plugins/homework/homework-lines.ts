import type { HomeworkClone, HomeworkInsert, HomeworkSummary } from './contract/homework.ts'
import type { LogEvent } from '../../src/events/types.ts'
import { homeworkEventNames as names, type HomeworkEditRequested, type HomeworkRemoveRequested } from './events.ts'

/** A line of the class room's homework list: the server's homework, or a save still waiting on this device. */
export type HomeworkLine =
  | { readonly kind: 'saved'; readonly homework: HomeworkSummary; readonly waiting: boolean }
  | { readonly kind: 'waiting'; readonly id: string; readonly title: string; readonly type: 'homework' | 'quiz'; readonly dueAt: string }

/** The class room's list as the server gave it. */
export const linesOf = (list: ReadonlyArray<HomeworkSummary>): ReadonlyArray<HomeworkLine> =>
  list.map((homework) => ({ kind: 'saved', homework, waiting: false }))

/**
 * One waiting homework command applied to the list (read-model.ts: the page's one model is the
 * server's list with its class room's waiting commands applied, oldest first): a save or a copy is a
 * waiting line after the ones before it, an edit changes its line and marks it waiting, a delete
 * takes its line out.
 */
export const applyHomeworkCommand = (lines: ReadonlyArray<HomeworkLine>, command: LogEvent): ReadonlyArray<HomeworkLine> => {
  if (command.name === names.removeRequested) {
    const { id } = command.payload as HomeworkRemoveRequested
    return lines.filter((line) => line.kind !== 'saved' || line.homework.id !== id)
  }
  if (command.name === names.editRequested) {
    const { homework: edit } = command.payload as HomeworkEditRequested
    return lines.map((line) =>
      line.kind === 'saved' && line.homework.id === edit.id
        ? {
            kind: 'saved',
            homework: {
              ...line.homework,
              title: edit.title,
              type: edit.type,
              quizMode: edit.quizMode ?? null,
              dueAt: edit.dueAt,
              questionCount: edit.questions.length,
              totalDegree: edit.totalDegree,
            },
            waiting: true,
          }
        : line,
    )
  }
  if (command.name !== names.insertRequested && command.name !== names.cloneRequested) return lines
  const payload = command.payload as HomeworkInsert | HomeworkClone
  const original = 'homeworkId' in payload ? lines.find((line) => line.kind === 'saved' && line.homework.id === payload.homeworkId) : undefined
  const copied = original?.kind === 'saved' ? original.homework : undefined
  const added: HomeworkLine = {
    kind: 'waiting',
    id: command.id,
    title: payload.title ?? copied?.title ?? '',
    type: 'type' in payload ? payload.type : (copied?.type ?? 'homework'),
    dueAt: payload.dueAt,
  }
  // Waiting lines first, in the order they were made; the server's list after them.
  const firstSaved = lines.findIndex((line) => line.kind === 'saved')
  return firstSaved < 0 ? [...lines, added] : [...lines.slice(0, firstSaved), added, ...lines.slice(firstSaved)]
}
