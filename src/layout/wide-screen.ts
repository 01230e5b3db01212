import { useSyncExternalStore } from 'react'
import { token } from 'styled-system/tokens'

// The same breakpoint as Panda's `md`, where the side bar stops being a drawer.
const wide = () => window.matchMedia(`(min-width: ${token('breakpoints.md')})`)

const subscribe = (listener: () => void) => {
  const query = wide()
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** Whether the screen is at least Panda's `md` wide (a desktop or a tablet held wide, not a phone). */
export const useWideScreen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => wide().matches,
    () => true,
  )
