import { useEventStore, useStoreSnapshot } from '../events/react.ts'
import { useSession } from './session-provider.tsx'

/**
 * Who is signed in, as the page should show it: a projection that knows the person (the profile's)
 * is newer than what sign-in said, so an edit made on /settingProfile (even offline, still pending)
 * shows at once in the top bar and the home greeting.
 */
export function useSignedInIdentity(): { readonly name: string; readonly image: string | null | undefined } {
  const { session } = useSession()
  const store = useEventStore()
  useStoreSnapshot()
  const identity = store.identity()
  return identity ? { name: identity.name, image: identity.image } : { name: session?.name ?? '', image: session?.image }
}

/** Wraps user text put into a translated sentence in Unicode isolates, so its own direction cannot reorder the sentence. */
export const isolate = (text: string): string => `\u2068${text}\u2069`
