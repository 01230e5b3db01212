import { AccountGroup } from './account-api.ts'

/** The profile's part of the API (contracts/api.ts): the signed-in person's own account. */
export const profileGroups = [AccountGroup] as const
