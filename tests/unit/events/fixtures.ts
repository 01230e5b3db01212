import type { UserInfo } from '../../../contracts/entities.ts'
import { makeEvent } from '../../../src/events/events.ts'

export const userInfo: UserInfo = {
  id: 'u-1',
  firstName: 'Mona',
  lastName: 'Salem',
  email: 'mona@school.test',
  phone: null,
  image: null,
  preferredLanguage: 'ar',
  roles: ['Home'],
  userType: 'Teacher',
  version: 1,
}

export const update = (firstName: string, id?: string) =>
  makeEvent('v1.ProfileUpdateRequested', { firstName, lastName: 'Salem', email: 'mona@school.test', phone: null, preferredLanguage: 'ar' }, { id })
export const loaded = (info: UserInfo) => makeEvent('v1.UserInfoLoaded', { userInfo: info })
export const confirmed = (commandId: string, result: unknown) => makeEvent('v1.CommandConfirmed', { commandId, result })
export const rejected = (commandId: string, code = 400, message = 'Email already used') => makeEvent('v1.CommandRejected', { commandId, code, message })
