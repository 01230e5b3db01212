import { describe, expect, it } from 'vitest'
import type { HomeworkSummary } from '../../../plugins/homework/contract/homework.ts'
import { homeworkEventNames as names } from '../../../plugins/homework/events.ts'
import { applyHomeworkCommand, linesOf } from '../../../plugins/homework/homework-lines.ts'
import { homeworkProjection } from '../../../plugins/homework/projection.ts'
import { lifecycleFor } from '../../../src/events/fold.ts'
import { ledgerOf } from '../../../src/events/lifecycle.ts'
import { readWithWaiting } from '../../../src/events/read-model.ts'
import type { LogEvent } from '../../../src/events/types.ts'

/** The class room's homework tab as one model: the server's list of the room with the room's waiting commands applied. */
const summary = (id: number, title: string): HomeworkSummary => ({
  id,
  classRoomId: 12,
  classRoomName: 'Grade 4',
  subjectId: 3,
  subjectName: 'Mathematics',
  chapterId: null,
  chapterName: null,
  topicNames: [],
  teacherName: 'Mona Salem',
  isMine: true,
  title,
  type: 'homework',
  quizMode: null,
  questionCount: 1,
  totalDegree: 5,
  startsAt: '2026-11-20T08:00:00.000Z',
  dueAt: '2026-11-30T08:00:00.000Z',
  targetKind: 'class',
  studentCount: 20,
  answeredCount: 0,
  handedInCount: 0,
  draftCount: 0,
  correctedCount: 0,
})
const list = [summary(1, 'Fractions'), summary(2, 'Decimals')]
const command = (id: string, name: string, payload: unknown): LogEvent => ({ id, name, payload, at: 0 })
const insert = (id: string, classRoomId: number, title: string) =>
  command(id, names.insertRequested, { classRoomId, title, type: 'quiz', dueAt: '2026-12-01T08:00:00.000Z' })
const clone = (id: string, homeworkId: number) =>
  command(id, names.cloneRequested, { homeworkId, classRoomId: 12, startsAt: '2026-12-01T08:00:00.000Z', dueAt: '2026-12-02T08:00:00.000Z' })
const edit = (id: string, homeworkId: number, title: string) =>
  command(id, names.editRequested, {
    classRoomId: 12,
    homework: {
      id: homeworkId,
      version: 1,
      title,
      type: 'quiz',
      quizMode: 'training',
      dueAt: '2026-12-03T08:00:00.000Z',
      questions: [{}, {}],
      totalDegree: 10,
    },
  })
const remove = (id: string, homeworkId: number) => command(id, names.removeRequested, { classRoomId: 12, id: homeworkId, title: 'x', forceDelete: false })
const confirmed = (commandId: string): LogEvent => ({ id: `a-${commandId}`, name: 'v1.CommandConfirmed', payload: { commandId, result: null }, at: 0 })

const modelOf = (events: ReadonlyArray<LogEvent>, read: ReadonlyArray<HomeworkSummary>) =>
  readWithWaiting(
    linesOf(read),
    // What store.lifecycle('homework') gives the page.
    lifecycleFor(
      ledgerOf(events, (name) => homeworkProjection.lifecycle!.commands.includes(name)),
      homeworkProjection.lifecycle,
    ),
    12,
    applyHomeworkCommand,
  )
const shown = (events: ReadonlyArray<LogEvent>, read = list) =>
  modelOf(events, read).value.map((line) => (line.kind === 'waiting' ? `waiting ${line.title}` : `${line.homework.title}${line.waiting ? ' (waiting)' : ''}`))

describe("the class room's homework list: the server's list with this room's waiting commands applied", () => {
  it('is the server list as it is when nothing waits', () => {
    expect(shown([])).toEqual(['Fractions', 'Decimals'])
  })

  it('shows waiting saves and copies first in the order made, edits on their line, deletes gone; another room’s commands not at all', () => {
    const events = [insert('i1', 12, 'Shapes'), edit('e1', 2, 'Decimals again'), clone('c1', 1), remove('r1', 1), insert('i2', 99, 'Elsewhere')]
    expect(shown(events)).toEqual(['waiting Shapes', 'waiting Fractions', 'Decimals again (waiting)'])
    expect(modelOf(events, list).waiting.map((c) => c.id)).toEqual(['i1', 'e1', 'c1', 'r1'])
    const edited = modelOf(events, list).value.find((line) => line.kind === 'saved')
    expect(edited).toMatchObject({ homework: { id: 2, type: 'quiz', quizMode: 'training', questionCount: 2, totalDegree: 10 } })
  })

  it('an answered command is no longer applied: the list read again after the answer holds what it did', () => {
    const events = [insert('i1', 12, 'Shapes'), confirmed('i1'), remove('r1', 2)]
    expect(shown(events, [...list, summary(3, 'Shapes')])).toEqual(['Fractions', 'Shapes'])
  })

  it('waiting saves show while the list is still loading (or cannot be read)', () => {
    expect(shown([insert('i1', 12, 'Shapes')], [])).toEqual(['waiting Shapes'])
  })
})
