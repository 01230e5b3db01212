import { useState } from 'react'
import type { FixedExamCreate, FixedExamUpdate } from '../contract/exam.ts'
import type { LogEvent } from '../../../src/events/types.ts'
import { useStoreSnapshot } from '../../../src/events/react.ts'
import { isExamSave, examOfCommand, type ExamBuilderView } from './projection.ts'

/** A save the server refused, or the outbox set aside, as the builder reopens it. */
export interface ReopenedSave {
  /** The command's id. */
  readonly id: string
  /** What she sent, without the exam's id and version (the reopened form saves at the version read now). */
  readonly request: FixedExamCreate
  readonly code: string | number
  readonly message: string
  readonly fields: Readonly<Record<string, string>>
  /** Set aside by the outbox (still unanswered): saving again discards it first, so it is never sent twice. */
  readonly setAside: boolean
}

const requestOf = (command: LogEvent): FixedExamCreate => {
  const { examId: _examId, version: _version, ...request } = command.payload as FixedExamUpdate
  return request
}

/**
 * The refused or set-aside save `commandId` of this page's exam (`examId`, null: a new exam), once the
 * store has read its log back; held once found, so the form is not reset under her when the refusal
 * is superseded by her next save.
 */
export const useReopenedSave = (commandId: string | null, examId: number | null): ReopenedSave | null => {
  const snapshot = useStoreSnapshot()
  const [held, setHeld] = useState<ReopenedSave | null>(null)
  if (held !== null && held.id === commandId) return held
  if (commandId === null || !snapshot.restored) return null
  const record = examId === null ? 'new' : String(examId)
  const view = snapshot.views.examBuilder as ExamBuilderView | undefined
  const refusal = view?.refusedSaves.find((answer) => answer.command.id === commandId)
  const setAside = snapshot.sync.setAside.find((entry) => entry.command.id === commandId && isExamSave(entry.command))
  const found: ReopenedSave | null = refusal
    ? { id: commandId, request: requestOf(refusal.command), code: refusal.code, message: refusal.message, fields: refusal.fields, setAside: false }
    : setAside
      ? { id: commandId, request: requestOf(setAside.command), code: setAside.code, message: setAside.message, fields: {}, setAside: true }
      : null
  if (found === null || examOfCommand(refusal?.command ?? setAside!.command) !== record) return null
  setHeld(found)
  return found
}
