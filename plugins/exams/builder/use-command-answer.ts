import { useEffect, useRef } from 'react'
import type { Answer } from '../../../src/events/lifecycle.ts'
import { useStoreSnapshot } from '../../../src/events/react.ts'
import type { ExamBuilderView } from './projection.ts'

/** The exam commands' view (null until the store has loaded the exams' parts). */
export const useExamBuilderView = (): ExamBuilderView | null => (useStoreSnapshot().views.examBuilder as ExamBuilderView | undefined) ?? null

/** Where one of this page's commands stands: waiting on this device, or the server's answer. */
export const useCommandAnswer = (commandId: string | null): { readonly waiting: boolean; readonly answer: Answer | null } => {
  const view = useExamBuilderView()
  if (commandId === null || view === null) return { waiting: false, answer: null }
  return {
    waiting: view.pending.some((command) => command.id === commandId),
    answer: view.answers.find((answer) => answer.command.id === commandId) ?? null,
  }
}

/** Runs `onAnswer` once when the command is answered (while the page is open). */
export const useOnAnswer = (commandId: string | null, onAnswer: (answer: Answer) => void): void => {
  const { answer } = useCommandAnswer(commandId)
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (answer === null || handled.current === answer.command.id) return
    handled.current = answer.command.id
    onAnswer(answer)
  }, [answer]) // eslint-disable-line react-hooks/exhaustive-deps
}
