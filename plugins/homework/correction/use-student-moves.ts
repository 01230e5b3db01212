import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/** The history entry of a student's work opened from the list on this page: "Back to the list" is then the browser's back. */
const openedFromList = { correctionOpenedFromList: true } as const
const isOpenedFromList = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<typeof openedFromList>).correctionOpenedFromList === true

/**
 * Moving between the list of students and one student's work, and from student to student.
 *
 * The address keeps the chosen student (`student=`), so a reload or a shared link opens her work.
 * The list and the work are two levels of the browser's history, as they are two screens on a
 * phone: opening a student from the list is one step; moving on to the previous or next student
 * (button, Alt+↓/↑, swipe, another row on a desk) replaces that step, so the browser's back button
 * returns to the list however many students she went through — as "Back to the list" does.
 *
 * Focus follows: to the work's heading once the student she moved to is shown (`onShown`), and back
 * on the list to the row of the student she had open.
 */
export const useStudentMoves = (studentId: number | null, linkTo: (student: number | null) => string) => {
  const [, navigate] = useLocation()
  const focusFor = useRef<number | null>(null)

  const go = (student: number) => {
    focusFor.current = student
    navigate(linkTo(student), studentId === null ? { state: openedFromList } : { replace: true, state: history.state as unknown })
  }

  const backToList = () => {
    focusFor.current = null
    if (isOpenedFromList(history.state)) history.back()
    else navigate(linkTo(null))
  }

  const left = useRef(studentId)
  useEffect(() => {
    const before = left.current
    left.current = studentId
    if (studentId !== null || before === null) return
    document.querySelector<HTMLElement>(`[data-testid=correction-student][data-student-id="${before}"]`)?.focus()
  }, [studentId])

  /** The work of `shown` is on the screen: its heading takes the focus if she has just moved to her (a save's new version does not). */
  const onShown = useCallback((heading: HTMLElement, shown: number) => {
    if (focusFor.current !== shown) return
    focusFor.current = null
    heading.focus()
  }, [])

  return { go, backToList, onShown }
}
