import { submissionStatusNames, type SubmissionStatus } from '../homework/contract/homework.ts'
import type { Answer } from '../../contracts/questions/question.ts'
import type { StudentQuestion } from '../../contracts/questions/student-view.ts'
import { homeworkCorrectionMachine, type SubmissionStatus as MachineStatus } from '../../machines/homework-correction.machine.ts'

const machineStatusOf: Readonly<Record<SubmissionStatus, MachineStatus>> = submissionStatusNames

/**
 * What she may do with her work in this status: the machine the server checks with decides. Past her
 * due date ("uncompleted") only a homework that accepts late work (`lateAccepted`) still takes answers;
 * what her teacher marked is never sent to her before it is corrected, so the server has the last word.
 */
export const studentActionsOf = (status: SubmissionStatus, lateAccepted = false): { readonly saveDraft: boolean; readonly submit: boolean } => {
  // Opening is what the page does first: a "not viewed" work is answered as "in progress".
  const snapshot = homeworkCorrectionMachine.resolveState({
    value: machineStatusOf[status] === 'notViewed' ? 'inProgress' : machineStatusOf[status],
    context: { submitted: false, answered: false, graded: false, pastDue: status === 'uncompleted', lateAccepted },
  })
  const open = status === 'not_viewed' || status === 'in_progress' || status === 'uncompleted'
  return { saveDraft: open && snapshot.can({ type: 'student.savedDraft' }), submit: open && snapshot.can({ type: 'student.submitted' }) }
}

/** Still hers to do: not handed in, and open to her answers (before the due date, or after it when late work is accepted). */
export const isToDo = (item: { readonly status: SubmissionStatus; readonly lateWork: 'accepted' | 'closed' }): boolean =>
  item.status === 'not_viewed' || item.status === 'in_progress' || (item.status === 'uncompleted' && item.lateWork === 'accepted')

/** Whether an answer says anything yet (an untouched question, an empty text, no gap filled). */
export const isAnswered = (answer: Answer | undefined): boolean => {
  if (answer === undefined) return false
  switch (answer.type) {
    case 1:
      return answer.selected.length > 0
    case 2:
      return answer.selected !== null && answer.selected !== ''
    case 3:
      return answer.value !== null && answer.value !== undefined
    case 4:
    case 5:
      return answer.text.trim() !== ''
    case 7:
      return Object.values(answer.gaps).some((gap) => gap.trim() !== '')
    case 8:
      return Object.keys(answer.matches).length > 0
    case 9:
      return answer.fileIds.length > 0
    case 10:
      return answer.recordingId !== null
    default:
      return true
  }
}

/** How many questions are still without an answer (the confirmation says so before handing in). */
export const unansweredCount = (questions: ReadonlyArray<StudentQuestion>, answers: Readonly<Record<string, Answer | undefined>>): number =>
  questions.filter((question) => !isAnswered(answers[question.id])).length
