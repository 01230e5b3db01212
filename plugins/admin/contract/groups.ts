import { AdminGroup, AutoLoginLinkGroup } from './admin-api.ts'

/** The admin's part of the API (contracts/api.ts): outbox, audit log, mail retention, sign-in links. */
export const adminGroups = [AdminGroup, AutoLoginLinkGroup] as const
