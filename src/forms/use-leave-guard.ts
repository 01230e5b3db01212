import { useLayoutEffect } from 'react'
import { holdLeaveGuard, requestLeave } from '../plugin-host/navigation-guard.ts'

/**
 * While `unsaved` is true, leaving the page asks first: links, tabs, the side bar, the back and
 * forward buttons, a reload or close. Returns `confirmLeave`, for the form's own way out (a Cancel
 * button): it runs at once when nothing is unsaved, otherwise after the same question.
 */
export const useLeaveGuard = (unsaved: boolean): ((leave: () => void) => void) => {
  // A layout effect: a page replaced by a redirect lets go before the redirect navigates.
  useLayoutEffect(() => (unsaved ? holdLeaveGuard() : undefined), [unsaved])
  return requestLeave
}
