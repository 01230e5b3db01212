import { Layer } from 'effect'
import { AdminHandlers, AutoLoginLinkHandlers } from './admin.ts'
import type { ServerFeature } from '../../../server/feature.ts'

/** A school admin's tools: the outbox, the audit log, mail retention and sign-in links. Owns no table (it reads the core's). */
export const adminFeature = {
  id: 'admin',
  after: [],
  ownedTables: [],
  handlers: Layer.mergeAll(AdminHandlers, AutoLoginLinkHandlers),
} satisfies ServerFeature<'admin' | 'autoLoginLink'>
