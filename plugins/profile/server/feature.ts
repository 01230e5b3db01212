import { AccountHandlers } from './account.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** The signed-in person's own account: her details, photo, password and email. Owns no table (users is the core's). */
export const profileFeature = {
  id: 'profile',
  after: [],
  ownedTables: [],
  handlers: AccountHandlers,
} satisfies ServerFeature<'account'>
