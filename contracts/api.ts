import { HttpApi, OpenApi } from 'effect/http-api'
import { AccountGroup, AdminGroup } from './api/account.ts'
import { AuthGroup, AutoLoginLinkGroup } from './api/auth.ts'
import { SchoolGroup } from './api/school.ts'
import { SystemGroup } from './api/system.ts'

/** The whole Fasl API, declared once: the server implements it, the client calls through it. */
export class FaslApi extends HttpApi.make('fasl')
  .add(SystemGroup)
  .add(AuthGroup)
  .add(AutoLoginLinkGroup)
  .add(AccountGroup)
  .add(AdminGroup)
  .add(SchoolGroup)
  .annotateMerge(OpenApi.annotations({ title: 'Fasl API', description: 'Every answer is the envelope { responseCode, responseData, responseMessage, validationList }.' })) {}

export { Authentication, CurrentCaller, type Caller } from './api/authentication.ts'
export { ProfileUpdate } from './api/account.ts'
