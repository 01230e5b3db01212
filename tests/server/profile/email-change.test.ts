import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMessage, UserInfo } from '../../../contracts/entities.ts'
import { emailChangeDefaults, webClient } from '../../../contracts/settings.ts'
import type { StartedServer } from '../../../server/app.ts'
import { testDatabases } from '../support/databases.ts'
import { newDemoTeacher } from '../support/new-teacher.ts'
import { accounts, call, login, signedIn } from '../support/http.ts'

type Teacher = { id: string; email: string; password: string; token: string }

/**
 * Issue 19: UpdateProfile told which emails have an account (115 for a taken address). A new email
 * now waits for a link mailed to it; the answer is the same whether or not the address is taken.
 */
describe.each(testDatabases)('changing the email is confirmed from the new address on $name', (database) => {
  let server: StartedServer
  let base: string
  let adminToken: string
  beforeAll(async () => {
    server = await database.start()
    base = server.url
    adminToken = (await signedIn(base, accounts.admin)).accessToken
  })
  afterAll(() => server.close())

  const newTeacher = async (language: 'en' | 'ar' = 'en'): Promise<Teacher> => {
    const account = await newDemoTeacher(server, { prefix: 'mail', password: 'Mail#2026x', language })
    return { ...account, token: (await signedIn(base, account)).accessToken }
  }
  const userInfo = async (teacher: Teacher) =>
    (await call<UserInfo>(base, 'GET', '/api/Account/GetUserInfo', undefined, { token: teacher.token })).body.responseData
  const askFor = (teacher: Teacher, email: string, fields: Record<string, unknown> = {}) =>
    call<UserInfo>(
      base,
      'POST',
      '/api/Account/UpdateProfile',
      { firstName: 'Huda', lastName: 'Al-Harbi', phone: null, preferredLanguage: 'en', email, currentPassword: teacher.password, ...fields },
      { token: teacher.token },
    )
  const outboxFor = async (email: string) =>
    (await call<OutboxMessage[]>(base, 'GET', `/api/Admin/Outbox?recipient=${encodeURIComponent(email)}`, undefined, { token: adminToken })).body.responseData
  const linkTo = async (email: string) => {
    const [mail] = await outboxFor(email)
    expect(mail?.link).toMatch(/^http:\/\/fasl\.test\/confirmEmail\?token=/)
    return new URL(mail!.link!).searchParams.get('token')!
  }
  const confirm = (token: string, language: 'en-US' | 'ar-EG' = 'en-US') =>
    call<{ email: string }>(base, 'POST', '/api/Auth/ConfirmEmail', { token, ...webClient }, { language })

  it('answers a taken address exactly as a free one: 200, the email unchanged, the asked address pending', async () => {
    const teacher = await newTeacher()
    const before = await userInfo(teacher)
    const taken = await askFor(teacher, accounts.teacher2.email.toUpperCase())
    const free = await askFor(teacher, `free-${teacher.email}`)
    const shape = (answer: typeof taken) => ({
      status: answer.status,
      ...answer.body,
      responseData: { ...answer.body.responseData, version: 0, pendingEmail: '(asked)' },
    })
    expect(shape(taken)).toEqual(shape(free))
    expect(taken.body.responseData).toMatchObject({ email: before.email, pendingEmail: accounts.teacher2.email.toUpperCase() })
    expect(free.body.responseData).toMatchObject({ email: before.email, pendingEmail: `free-${teacher.email}` })
  })

  it('a taken address gets no link, only a note that someone tried (naming no account); a free one gets the link', async () => {
    const teacher = await newTeacher()
    const sentToTaken = (await outboxFor(accounts.supervisor.email)).length
    await askFor(teacher, accounts.supervisor.email)
    const toTaken = await outboxFor(accounts.supervisor.email)
    expect(toTaken.length).toBe(sentToTaken + 1)
    expect(toTaken[0]).toMatchObject({ subject: 'Someone tried to use your email address on Fasl', link: null })
    expect(toTaken[0]!.body).not.toContain(teacher.email)
    await askFor(teacher, `free-${teacher.email}`)
    const [toFree] = await outboxFor(`free-${teacher.email}`)
    expect(toFree).toMatchObject({ subject: 'Confirm your new Fasl email address' })
    expect(toFree!.body).toContain(toFree!.link)
  })

  it('nothing changes until the link is followed; the other fields are saved at once; the old address is told of the request', async () => {
    const teacher = await newTeacher()
    const moved = `moved-${teacher.email}`
    expect((await askFor(teacher, moved, { firstName: 'Hoda' })).body.responseCode).toBe(200)
    expect(await userInfo(teacher)).toMatchObject({ email: teacher.email, firstName: 'Hoda', pendingEmail: moved })
    expect((await login(base, { email: moved, password: teacher.password })).body.responseCode).toBe(116)
    expect((await login(base, teacher)).body.responseCode).toBe(200)
    const [notice] = await outboxFor(teacher.email)
    expect(notice!.subject).toBe('A change of your Fasl email address was requested')
    expect(notice!.body).toContain(moved)
    expect(notice!.link).toMatch(/^http:\/\/fasl\.test\/resetPassword\?token=/)

    const answer = await confirm(await linkTo(moved))
    expect(answer.body).toMatchObject({ responseCode: 200, responseData: { email: moved } })
    const after = await userInfo(teacher)
    expect(after.email).toBe(moved)
    expect(after.pendingEmail).toBeUndefined()
    expect((await login(base, { email: moved, password: teacher.password })).body.responseCode).toBe(200)
    // The old address is told again, now that the change is made.
    expect((await outboxFor(teacher.email))[0]!.subject).toBe('Your Fasl email address was changed')
  })

  it('the link is single-use, and an unknown one is refused the same way (160, in the page language)', async () => {
    const teacher = await newTeacher()
    const moved = `once-${teacher.email}`
    await askFor(teacher, moved)
    const token = await linkTo(moved)
    expect((await confirm(token)).body.responseCode).toBe(200)
    expect((await confirm(token)).body).toMatchObject({ responseCode: 160, responseMessage: expect.stringContaining('expired or was already used') })
    expect((await confirm('not-a-token', 'ar-EG')).body).toMatchObject({ responseCode: 160, responseMessage: expect.stringContaining('رابط التأكيد') })
    expect((await userInfo(teacher)).email).toBe(moved)
  })

  it('a newer request ends the earlier link', async () => {
    const teacher = await newTeacher()
    await askFor(teacher, `first-${teacher.email}`)
    const first = await linkTo(`first-${teacher.email}`)
    await askFor(teacher, `second-${teacher.email}`)
    expect((await confirm(first)).body.responseCode).toBe(160)
    expect((await confirm(await linkTo(`second-${teacher.email}`))).body.responseCode).toBe(200)
    expect((await userInfo(teacher)).email).toBe(`second-${teacher.email}`)
  })

  it('an address another account took meanwhile is not moved onto (161); the link is used up', async () => {
    const [teacher, other] = [await newTeacher(), await newTeacher()]
    const wanted = `wanted-${teacher.email}`
    await askFor(teacher, wanted)
    const mine = await linkTo(wanted)
    await askFor(other, wanted)
    expect((await confirm(await linkTo(wanted))).body.responseCode).toBe(200)
    expect((await confirm(mine)).body).toMatchObject({ responseCode: 161, responseMessage: expect.stringContaining('used by another account') })
    expect((await userInfo(teacher)).email).toBe(teacher.email)
    expect((await confirm(mine)).body.responseCode).toBe(160)
  })

  it("mails go in the account's language: Arabic for an Arabic account, whatever the page", async () => {
    const teacher = await newTeacher('ar')
    await askFor(teacher, `ar-${teacher.email}`, { preferredLanguage: 'ar' })
    expect((await outboxFor(`ar-${teacher.email}`))[0]!.subject).toBe('أكّد بريدك الإلكتروني الجديد في فصل')
    expect((await outboxFor(teacher.email))[0]!.subject).toBe('طلب تغيير بريدك الإلكتروني في فصل')
  })

  it(`at most ${emailChangeDefaults.perAccountPerHour} requests an hour per account, taken address or not; then 429 and nothing saved`, async () => {
    const teacher = await newTeacher()
    for (let i = 0; i < emailChangeDefaults.perAccountPerHour; i++)
      expect((await askFor(teacher, i % 2 === 0 ? `n${i}-${teacher.email}` : accounts.teacher2.email)).body.responseCode).toBe(200)
    for (const email of [`over-${teacher.email}`, accounts.teacher2.email]) {
      const refused = await askFor(teacher, email, { firstName: 'Limited' })
      expect([refused.status, refused.body.responseCode]).toEqual([429, 142])
    }
    expect((await userInfo(teacher)).firstName).toBe('Huda')
    // Saving without a new address is not limited.
    expect((await askFor(teacher, teacher.email, { firstName: 'Free', currentPassword: undefined })).body.responseCode).toBe(200)
  })

  it('a password reset from the notice ends the pending change', async () => {
    const teacher = await newTeacher()
    const moved = `stolen-${teacher.email}`
    await askFor(teacher, moved)
    const resetToken = new URL((await outboxFor(teacher.email))[0]!.link!).searchParams.get('token')!
    const reset = await call(base, 'POST', '/api/Auth/ResetPassword', {
      token: resetToken,
      newPassword: 'Secured#2026',
      confirmPassword: 'Secured#2026',
      ...webClient,
    })
    expect(reset.body.responseCode).toBe(200)
    expect((await confirm(await linkTo(moved))).body.responseCode).toBe(160)
    expect((await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [teacher.id]))[0]!.email).toBe(teacher.email)
  })
})
