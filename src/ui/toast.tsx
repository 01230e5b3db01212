import { lazy, Suspense, useSyncExternalStore } from 'react'
import { directionOf, localeStore } from '../i18n/locale-store.ts'

/**
 * Notifications. The Ark toaster (and its machine) loads with the first notification, so the
 * sign-in page does not pay for it. Toasts sit at the inline end: top right in English, top left in Arabic (see toast-region.tsx).
 */
type Kind = 'success' | 'error' | 'info'
export interface Notice {
  readonly type: Kind
  readonly title: string
  readonly description?: string | undefined
}

let region: Promise<typeof import('./toast-region.tsx')> | null = null
let requested = false
const listeners = new Set<() => void>()

const show = (notice: Notice) => {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  region ??= import('./toast-region.tsx')
  void region.then((m) => m.toasters[directionOf(localeStore.get())].create(notice))
}

export const notify = {
  success: (title: string, description?: string) => show({ type: 'success', title, description }),
  error: (title: string, description?: string) => show({ type: 'error', title, description }),
  info: (title: string, description?: string) => show({ type: 'info', title, description }),
}

const LazyRegion = lazy(() => (region ??= import('./toast-region.tsx')).then((m) => ({ default: m.ToastRegion })))

/** Mounted once by the app; renders the toast region after the first notification. */
export function AppToaster({ closeLabel }: { closeLabel: string }) {
  const wanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => requested,
    () => false,
  )
  return wanted ? (
    <Suspense fallback={null}>
      <LazyRegion closeLabel={closeLabel} />
    </Suspense>
  ) : null
}
