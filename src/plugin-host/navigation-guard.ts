// First: wouter's history patch, so the guard below wraps the patched methods and wouter still hears
// of every navigation it lets through.
import 'wouter/use-browser-location'

/**
 * Leaving a page that holds unsaved work asks first, however the user leaves: every in-app link and
 * `navigate` is a `history.pushState` / `replaceState` (held here until the user answers), the
 * browser's back and forward buttons are a `popstate` (undone at once, then redone if the user
 * leaves), a reload or close is `beforeunload` (the browser's own prompt). A form holds a guard while
 * it has unsaved changes (`useLeaveGuard`, src/forms); the signed-in frame shows the question
 * (`LeaveDialog`, src/layout).
 */

type Listener = () => void

const guards = new Set<symbol>()
const listeners = new Set<Listener>()
/** What waits for the user's answer: the navigation (or other leaving action) to run on "Leave". */
let pending: (() => void) | null = null
/** A leaving action the user allowed (or one that must never ask) is running: let it through. */
let passing = false
/** The next popstate is the one "Leave" asked for after a back or forward button. */
let passingPop = false

const notify = () => listeners.forEach((listener) => listener())

const pass = (action: () => void) => {
  passing = true
  try {
    action()
  } finally {
    passing = false
  }
}

/** Runs `leave` at once when no page holds unsaved work, otherwise after the user chose to leave. */
export const requestLeave = (leave: () => void): void => {
  if (guards.size === 0 || passing) return pass(leave)
  pending = leave
  notify()
}

/** For leaving that cannot wait for an answer (signed out after a time-out): never asks. */
export const leaveWithoutAsking = pass

/** Held while a page has unsaved work; the returned function lets it go. */
export const holdLeaveGuard = (): (() => void) => {
  const id = Symbol('leave guard')
  guards.add(id)
  return () => {
    guards.delete(id)
    // The page went away while asking (signed out, say): nothing is left to keep, so go on.
    if (guards.size === 0 && pending !== null) leaveQuestion.leave()
  }
}

/** The question the dialog shows: asked, and the two answers. */
export const leaveQuestion = {
  subscribe: (listener: Listener) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  isAsking: () => pending !== null,
  stay: () => {
    pending = null
    notify()
  },
  leave: () => {
    const leave = pending
    pending = null
    notify()
    if (leave !== null) pass(leave)
  },
}

/** The address a history call leads to, without the hash (a hash never leaves the page). */
const pageOf = (url: string | URL | null | undefined): string => {
  const target = url === null || url === undefined ? new URL(window.location.href) : new URL(url, window.location.href)
  return target.pathname + target.search
}

const installKey = Symbol.for('fasl.navigationGuard')

if (typeof window !== 'undefined' && !(installKey in window)) {
  Object.defineProperty(window, installKey, { value: true })
  const push = history.pushState.bind(history)
  const replace = history.replaceState.bind(history)
  /** Where the user is, to come back to when a back or forward button is refused. */
  let here = { url: window.location.href, state: history.state as unknown }
  const remember = () => {
    here = { url: window.location.href, state: history.state as unknown }
  }
  const guarded = (original: typeof push): typeof push =>
    function (state, unused, url) {
      const go = () => {
        original(state, unused, url)
        remember()
      }
      if (guards.size === 0 || passing || pageOf(url) === pageOf(window.location.href)) return go()
      requestLeave(go)
    }
  history.pushState = guarded(push)
  history.replaceState = guarded(replace)
  // Capture on window runs before wouter's listener; stopping it keeps the page (and what is typed) as it is.
  window.addEventListener(
    'popstate',
    (event) => {
      // A step within the page (the skip link's #main) leaves nothing behind.
      if (guards.size === 0 || passingPop || pageOf(window.location.href) === pageOf(here.url)) {
        passingPop = false
        remember()
        return
      }
      event.stopImmediatePropagation()
      // The browser has already moved: step forward again to the page being edited, as a new entry
      // after the one the user went to, so that "Leave" is one step back (forward button: one step back too).
      push(here.state, '', here.url)
      requestLeave(() => {
        passingPop = true
        history.back()
      })
    },
    { capture: true },
  )
  window.addEventListener('beforeunload', (event) => {
    if (guards.size > 0) event.preventDefault()
  })
}
