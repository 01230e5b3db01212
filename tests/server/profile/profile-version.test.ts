import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import { catalogue } from '../../../contracts/core-catalogue.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, signedIn } from '../support/http.ts'

const profile = { firstName: 'Amira', lastName: 'Hassan', email: 'teacher@fasl.school', phone: null, preferredLanguage: 'en' }

describe.each(testDatabases)('profile updates carry the version they were made against, on $name', (database) => {
  let server: StartedServer
  let token: string
  beforeAll(async () => {
    server = await database.start()
    token = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  const update = (body: Record<string, unknown>, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<UserInfo>(server.url, 'POST', '/api/Account/UpdateProfile', body, { token, language })
  const userInfo = async () => (await call<UserInfo>(server.url, 'GET', '/api/Account/GetUserInfo', undefined, { token })).body.responseData

  it('an edit made against the current version is saved and moves the version on', async () => {
    const before = await userInfo()
    const answer = await update({ ...profile, firstName: 'Current', expectedVersion: before.version })
    expect(answer.status).toBe(200)
    expect(answer.body.responseData).toMatchObject({ firstName: 'Current', version: before.version + 1 })
  })

  it('an edit made against an older version is refused with code 139 (HTTP 400, en and ar), and nothing is overwritten', async () => {
    const before = await userInfo()
    await update({ ...profile, firstName: 'Elsewhere', expectedVersion: before.version }) // another device saves first
    const stale = await update({ ...profile, firstName: 'Offline', expectedVersion: before.version })
    expect(stale.status).toBe(400)
    expect(stale.body).toMatchObject({
      responseCode: ResponseCode.changedElsewhere,
      responseData: null,
      responseMessage: catalogue[ResponseCode.changedElsewhere]!.en,
    })
    const arabic = await update({ ...profile, firstName: 'Offline', expectedVersion: before.version }, 'ar-EG')
    expect(arabic.body.responseMessage).toBe(catalogue[ResponseCode.changedElsewhere]!.ar)
    expect(await userInfo()).toMatchObject({ firstName: 'Elsewhere', version: before.version + 1 })
  })

  it('"keep mine": the same edit sent again against the newer version is saved', async () => {
    const now = await userInfo()
    const answer = await update({ ...profile, firstName: 'Offline', expectedVersion: now.version })
    expect(answer.body.responseData).toMatchObject({ firstName: 'Offline', version: now.version + 1 })
  })

  it('without a version (the specification clients, edits migrated from the old log) there is no check', async () => {
    const before = await userInfo()
    expect((await update({ ...profile, firstName: 'Nocheck' })).body.responseData).toMatchObject({ version: before.version + 1 })
    expect((await update({ ...profile, firstName: 'Nullcheck', expectedVersion: null })).body.responseData).toMatchObject({ version: before.version + 2 })
  })

  it('a version that is not an integer is a validation failure, not a server error', async () => {
    const answer = await update({ ...profile, expectedVersion: 1.5 })
    expect(answer.status).toBe(400)
    expect(answer.body.responseCode).toBe(ResponseCode.validation)
  })
})
