import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { webClient } from '../../contracts/settings.ts'
import { classRoomListKeptMs } from '../../contracts/api/school.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { manualClock } from './support/manual-clock.ts'
import { accounts, call, signedIn } from './support/http.ts'

const classRoomsPath = '/school/api/ClassRooms/GetTeacherClassRooms'

describe.each(testDatabases)('kept answers of per-account reads on $name', (database) => {
  let server: StartedServer
  let base: string
  const time = manualClock()
  const statements: string[] = []
  beforeAll(async () => {
    server = await database.start({}, { clock: time.clock, onStatement: (sql) => void statements.push(sql) })
    base = server.url
  })
  afterAll(() => server.close())

  /** Statements the server ran while `act` ran. */
  const runDuring = async <T>(act: () => Promise<T>) => {
    const from = statements.length
    const result = await act()
    return { result, statements: statements.slice(from) }
  }
  const classRooms = (token: string, language: 'en-US' | 'ar-EG' = 'en-US') => call<Array<{ classRoomId: number; name: string }>>(base, 'GET', classRoomsPath, undefined, { token, language })
  const withoutDate = (headers: Headers) => [...headers.entries()].filter(([name]) => name !== 'date')

  it('a repeat within the kept time is answered without the database, with the same bytes and headers', async () => {
    const token = (await signedIn(base, accounts.teacher)).accessToken
    const first = await classRooms(token)
    expect(first.status).toBe(200)
    expect(first.body.responseData.length).toBeGreaterThan(0)
    const repeat = await runDuring(() => classRooms(token))
    expect(repeat.statements).toEqual([])
    expect(repeat.result.body).toEqual(first.body)
    expect(withoutDate(repeat.result.headers)).toEqual(withoutDate(first.headers))
    expect(repeat.result.headers.get('cache-control')).toBe('no-store')
    expect(repeat.result.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('each teacher gets her own list, and each language its own answer', async () => {
    const first = (await signedIn(base, accounts.teacher)).accessToken
    const second = (await signedIn(base, accounts.teacher2)).accessToken
    const mine = await classRooms(first)
    const hers = await classRooms(second)
    const againMine = await classRooms(first)
    expect(hers.body.responseData.map((room) => room.classRoomId)).not.toEqual(mine.body.responseData.map((room) => room.classRoomId))
    expect(againMine.body).toEqual(mine.body)
    const arabic = await classRooms(first, 'ar-EG')
    expect(arabic.body.responseData.map((room) => room.classRoomId)).toEqual(mine.body.responseData.map((room) => room.classRoomId))
    expect(arabic.body.responseData[0]!.name).not.toBe(mine.body.responseData[0]!.name)
    expect((await classRooms(first)).body).toEqual(mine.body)
  })

  it('a signed-out token is refused at once, though its answer is kept', async () => {
    const session = await signedIn(base, accounts.teacher)
    expect((await classRooms(session.accessToken)).status).toBe(200)
    expect((await call(base, 'POST', '/api/Auth/Logout', { refreshToken: session.refreshToken, ...webClient })).status).toBe(200)
    const refused = await classRooms(session.accessToken)
    expect(refused.status).toBe(401)
    expect(refused.body.responseData).toBeNull()
  })

  it('a token that does not verify, or none, never gets a kept answer', async () => {
    const token = (await signedIn(base, accounts.teacher)).accessToken
    expect((await classRooms(token)).status).toBe(200)
    const [header, payload] = token.split('.')
    expect((await classRooms(`${header}.${payload}.forged`)).status).toBe(401)
    expect((await call(base, 'GET', classRoomsPath)).status).toBe(401)
  })

  it('the kept time passes, or a write in the school succeeds: the next read goes to the database again', async () => {
    const token = (await signedIn(base, accounts.teacher2)).accessToken
    await classRooms(token)
    time.advance(classRoomListKeptMs + 1)
    expect((await runDuring(() => classRooms(token))).statements.some((sql) => /class_room_teachers/.test(sql))).toBe(true)
    expect((await runDuring(() => classRooms(token))).statements).toEqual([])
    // Another teacher of the same school changes her profile.
    const other = (await signedIn(base, accounts.teacher)).accessToken
    const profile = { firstName: 'Mona', lastName: 'Adel', email: accounts.teacher.email, phone: null, preferredLanguage: 'en' }
    expect((await call(base, 'POST', '/api/Account/UpdateProfile', profile, { token: other })).body.responseCode).toBe(200)
    expect((await runDuring(() => classRooms(token))).statements.some((sql) => /class_room_teachers/.test(sql))).toBe(true)
  })

  it('an account whose type changed is refused, not answered from what was kept for it', async () => {
    time.advance(classRoomListKeptMs + 1) // nothing kept from the tests before
    const token = (await signedIn(base, accounts.teacher2)).accessToken
    expect((await classRooms(token)).status).toBe(200)
    await server.db.query(`UPDATE users SET user_type = 'Admin' WHERE email = $1`, [accounts.teacher2.email])
    try {
      // Late in both times: the account is read again in the background, and one call makes the
      // answer again (still for the teacher the server knew), so the kept answer outlives that read.
      time.advance(classRoomListKeptMs * 0.8)
      expect((await classRooms(token)).status).toBe(200)
      // Once the background read has landed, the account is an admin's: what was kept for the teacher is not hers.
      await vi.waitFor(async () => expect((await classRooms(token)).status).toBe(403), { timeout: 5000 })
      expect((await classRooms(token)).status).toBe(403)
    } finally {
      await server.db.query(`UPDATE users SET user_type = 'Teacher' WHERE email = $1`, [accounts.teacher2.email])
      time.advance(classRoomListKeptMs + 1)
    }
  })

  it('late in the kept time one call makes the answer again while the others are answered from it', async () => {
    time.advance(classRoomListKeptMs + 1)
    const token = (await signedIn(base, accounts.teacher)).accessToken
    await classRooms(token)
    time.advance(classRoomListKeptMs * 0.8)
    const burst = await runDuring(() => Promise.all(Array.from({ length: 20 }, () => classRooms(token))))
    expect(burst.result.every((answer) => answer.status === 200)).toBe(true)
    expect(burst.statements.filter((sql) => /class_room_teachers/.test(sql))).toHaveLength(1)
  })
})
