import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../../contracts/entities.ts'
import { webClient } from '../../../contracts/settings.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { accounts, call, login, signedIn } from '../support/http.ts'
import { pngOfSize as png } from '../support/images.ts'

const profile = { firstName: 'Amira', lastName: 'Hassan', email: 'teacher@fasl.school', phone: '01012345678', preferredLanguage: 'en' }

describe.each(testDatabases)('profile and password on $name', (database) => {
  let server: StartedServer
  let base: string
  let token: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    token = (await signedIn(base, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  const update = (body: Record<string, unknown>, options: { idempotencyKey?: string; language?: 'en-US' | 'ar-EG' } = {}) =>
    call<UserInfo>(base, 'POST', '/api/Account/UpdateProfile', body, { token, ...options })
  const userInfo = async () => (await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token })).body.responseData

  it('GetUserInfo answers the signed-in user', async () => {
    expect(await userInfo()).toMatchObject({
      firstName: 'Amira',
      lastName: 'Hassan',
      email: 'teacher@fasl.school',
      userType: 'Teacher',
      preferredLanguage: 'en',
    })
  })

  it('updates the profile and bumps its version', async () => {
    const before = await userInfo()
    const answer = await update({ ...profile, firstName: 'أميرة', preferredLanguage: 'ar' })
    expect(answer.body.responseCode).toBe(200)
    expect(answer.body.responseData).toMatchObject({ firstName: 'أميرة', preferredLanguage: 'ar', phone: '01012345678', version: before.version + 1 })
  })

  it('rejects names with digits, phones outside 8–11 digits and bad emails (105), changing nothing', async () => {
    const before = await userInfo()
    const answer = await update({ ...profile, firstName: 'Am1ra', phone: '1234567', email: 'nope' }, { language: 'ar-EG' })
    expect(answer.body.responseCode).toBe(105)
    expect(answer.body.validationList.map((item) => item.field)).toEqual(['firstName', 'email', 'phone'])
    expect(answer.body.validationList[2]!.message).toBe('أدخل من ٨ إلى ١١ رقمًا.')
    expect(await userInfo()).toEqual(before)
  })

  it('accepts the phone boundaries: 8 and 11 digits; refuses 12', async () => {
    expect((await update({ ...profile, phone: '12345678' })).body.responseCode).toBe(200)
    expect((await update({ ...profile, phone: '12345678901' })).body.responseCode).toBe(200)
    expect((await update({ ...profile, phone: '123456789012' })).body.responseCode).toBe(105)
  })

  it('does not tell that another user has an email: the address waits for its link, as any new one (tests/server/profile/email-change.test.ts)', async () => {
    const answer = await update({ ...profile, email: 'TEACHER2@fasl.school', currentPassword: accounts.teacher.password })
    expect(answer.body).toMatchObject({ responseCode: 200, responseData: { email: 'teacher@fasl.school', pendingEmail: 'TEACHER2@fasl.school' } })
  })

  it('the demo student (surname Al-Qahtani) saves her profile unchanged: names take hyphens', async () => {
    const student = (await signedIn(base, accounts.student)).accessToken
    const own = (await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: student })).body.responseData
    expect(own.lastName).toBe('Al-Qahtani')
    const { firstName, lastName, email, phone, preferredLanguage } = own
    const saved = await call<UserInfo>(
      base,
      'POST',
      '/api/Account/UpdateProfile',
      { firstName, lastName, email, phone, preferredLanguage, expectedVersion: own.version },
      { token: student },
    )
    expect(saved.body).toMatchObject({ responseCode: 200, responseData: { firstName, lastName: 'Al-Qahtani', email, version: own.version + 1 } })
  })

  it("names with inner spaces and apostrophes in both scripts are saved (عبد الله, O'Neil)", async () => {
    expect((await update({ ...profile, firstName: 'عبد الله', lastName: "O'Neil" })).body.responseData).toMatchObject({
      firstName: 'عبد الله',
      lastName: "O'Neil",
    })
    expect((await update({ ...profile, lastName: 'Al--Qahtani' })).body.validationList.map((issue) => issue.field)).toEqual(['lastName'])
  })

  // Idempotency-Key behaviour: tests/server/idempotency.test.ts.

  it('stores a PNG profile image under 5 MB and serves it back', async () => {
    const answer = await call<UserInfo>(base, 'POST', '/api/Account/UploadProfileImage', await png(2048), { token })
    expect(answer.body.responseCode).toBe(200)
    const image = answer.body.responseData.image!
    expect(image).toMatch(/^\/files\/profile\/.+\.png\?exp=\d+&sig=[\w-]+$/)
    const served = await fetch(base + image)
    expect(served.status).toBe(200)
    // Re-encoded: a smaller PNG of the same picture, without the padding (tests/server/profile/profile-image.test.ts).
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect(bytes.byteLength).toBeLessThan(2048)
  })

  it('refuses an image of 5 MB or more (413, unread) and a file that is not JPG or PNG by its bytes (105)', async () => {
    const big = await call(base, 'POST', '/api/Account/UploadProfileImage', await png(5 * 1024 * 1024), { token })
    expect(big.status).toBe(413)
    expect(big.body.validationList).toEqual([{ field: 'image', message: 'The image must be smaller than 5 MB.' }])
    const justUnder = await call<UserInfo>(base, 'POST', '/api/Account/UploadProfileImage', await png(5 * 1024 * 1024 - 1), { token })
    expect(justUnder.body.responseCode).toBe(200)
    const gif = await call(base, 'POST', '/api/Account/UploadProfileImage', new TextEncoder().encode('GIF89a-not-allowed'), { token })
    expect(gif.body.validationList).toEqual([{ field: 'image', message: 'Only JPG or PNG images are accepted.' }])
  })

  it('change password: wrong old password is 138, weak new password is 105, then it works and ends the other sessions', async () => {
    const session = await signedIn(base, accounts.supervisor)
    const elsewhere = await signedIn(base, accounts.supervisor)
    const refresh = (refreshToken: string) => call(base, 'POST', '/api/Auth/Refresh', { token: null, refreshToken, ...webClient })
    const change = (body: Record<string, string>) => call(base, 'POST', '/api/Account/ChangePassword', body, { token: session.accessToken })
    expect((await change({ oldPassword: 'Wrong#2026', newPassword: 'Better#2027', confirmPassword: 'Better#2027' })).body).toMatchObject({
      responseCode: 138,
      responseMessage: 'Old password is incorrect',
    })
    const weak = await change({ oldPassword: accounts.supervisor.password, newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' })
    expect(weak.body.responseCode).toBe(105)
    expect((await change({ oldPassword: accounts.supervisor.password, newPassword: 'Better#2027', confirmPassword: 'Better#2027' })).body.responseCode).toBe(
      200,
    )
    expect((await login(base, { email: accounts.supervisor.email, password: 'Better#2027' })).body.responseCode).toBe(200)
    expect((await login(base, accounts.supervisor)).body.responseCode).toBe(116)
    expect((await refresh(elsewhere.refreshToken)).body.responseCode).toBe(109)
    expect((await refresh(session.refreshToken)).body.responseCode).toBe(200)
  })
})
