import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import type { FieldTrip } from '../unit/fixtures/field-trips/contract/field-trips-api.ts'
import { addFieldTrip, listFieldTrips } from '../unit/fixtures/field-trips/api.ts'
import { exampleFeatureComposition } from '../support/example-feature.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'
import { seedSecondSchool, secondSchool } from './support/second-school.ts'

const api = '/school/api/FieldTrips'

/*
 * The example feature (tests/unit/fixtures/field-trips) added to a server the way a new feature is
 * added to Fasl: its groups beside Fasl's in the API, its declaration after Fasl's features. Nothing
 * outside its folder changes but those two lists (here composed in the test) and the client's.
 */
describe.each(testDatabases)('a feature added by its folder and the composition lists, on $name', (database) => {
  let server: StartedServer
  const tokens = { teacher: '', secondTeacher: '', student: '' }

  beforeAll(async () => {
    server = await database.start({}, { composition: exampleFeatureComposition })
    await seedSecondSchool(server.db)
    tokens.teacher = (await signedIn(server.url, accounts.teacher)).accessToken
    tokens.secondTeacher = (await signedIn(server.url, secondSchool.teacher)).accessToken
    tokens.student = (await signedIn(server.url, accounts.student)).accessToken
  })
  afterAll(async () => {
    await server.close()
  })

  it('runs its migration as its own sequence, under its id', async () => {
    const applied = await server.db.query(`SELECT feature, number, name FROM feature_migrations WHERE feature = 'fieldTrips'`)
    expect(applied).toEqual([{ feature: 'fieldTrips', number: 1, name: '0001_field_trips.sql' }])
  })

  it('puts its row in the demo school, and its table under row-level security like every owned table', async () => {
    const rows = await server.db.query<{ destination: string; school: string }>(
      'SELECT t.destination, s.name_en AS school FROM field_trips t JOIN schools s ON s.id = t.school_id',
    )
    expect(rows).toEqual([{ destination: 'Science Museum', school: expect.not.stringContaining('Second') }])
    const [table] = await server.db.query<{ enabled: boolean; forced: boolean }>(
      `SELECT relrowsecurity AS enabled, relforcerowsecurity AS forced FROM pg_class WHERE relname = 'field_trips' AND relkind = 'r'`,
    )
    expect(table).toEqual({ enabled: true, forced: true })
  })

  it('lists and adds through its calls, and its API is in the OpenAPI document', async () => {
    const before = await call<FieldTrip[]>(server.url, 'GET', `${api}/List`, undefined, { token: tokens.teacher })
    expect(before.status).toBe(200)
    expect(before.body.responseData.map((trip) => trip.destination)).toEqual(['Science Museum'])
    const added = await call<FieldTrip>(server.url, 'POST', `${api}/Add`, { destination: '  Old Port  ' }, { token: tokens.teacher })
    expect(added.status).toBe(200)
    expect(added.body.responseData.destination).toBe('Old Port')
    const after = await call<FieldTrip[]>(server.url, 'GET', `${api}/List`, undefined, { token: tokens.teacher })
    expect(after.body.responseData.map((trip) => trip.destination)).toEqual(['Science Museum', 'Old Port'])
    const blank = await call(server.url, 'POST', `${api}/Add`, { destination: ' ' }, { token: tokens.teacher, language: 'ar-EG' })
    expect(blank.status).toBe(400)
    expect(blank.body.validationList.map((issue) => issue.field)).toEqual(['destination'])
    const read = await call<FieldTrip>(server.url, 'GET', `${api}/Get?id=${added.body.responseData.id}`, undefined, { token: tokens.teacher })
    expect(read.body.responseData).toEqual(added.body.responseData)
    expect((await call(server.url, 'GET', `${api}/Get?id=x`, undefined, { token: tokens.teacher })).status).toBe(400)
    expect((await call(server.url, 'GET', `${api}/List`)).status).toBe(401)
    // A student of the same school is not the school's staff: the group asks for a teacher with the Home role.
    expect((await call(server.url, 'GET', `${api}/Get?id=${added.body.responseData.id}`, undefined, { token: tokens.student })).status).toBe(403)
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toContain(`${api}/List`)
  })

  it("refuses another school's caller: she sees none of the first school's trips and can neither read nor remove one", async () => {
    const [trip] = await server.db.query<{ id: number }>(`SELECT id FROM field_trips WHERE destination = 'Science Museum'`)
    const listed = await call<FieldTrip[]>(server.url, 'GET', `${api}/List`, undefined, { token: tokens.secondTeacher })
    expect(listed.status).toBe(200)
    expect(listed.body.responseData).toEqual([])
    expect((await call(server.url, 'GET', `${api}/Get?id=${trip!.id}`, undefined, { token: tokens.secondTeacher })).status).toBe(404)
    const removed = await call(server.url, 'POST', `${api}/Remove`, { id: trip!.id }, { token: tokens.secondTeacher })
    expect(removed.status).toBe(404)
    expect(await server.db.query(`SELECT id FROM field_trips WHERE id = $1`, [trip!.id])).toHaveLength(1)
    // Her own trip is hers alone, and the first school's teacher removes his.
    await call(server.url, 'POST', `${api}/Add`, { destination: 'Harbour' }, { token: tokens.secondTeacher })
    const own = await call<FieldTrip[]>(server.url, 'GET', `${api}/List`, undefined, { token: tokens.secondTeacher })
    expect(own.body.responseData.map((row) => row.destination)).toEqual(['Harbour'])
    expect((await call(server.url, 'POST', `${api}/Remove`, { id: trip!.id }, { token: tokens.teacher })).status).toBe(200)
  })

  it("its page's calls go through the contract's client to the composed server", async () => {
    // The client calls its own origin's addresses, as the page does in the browser.
    vi.stubGlobal('location', new URL(server.url))
    try {
      const added = await addFieldTrip('Botanical Garden', tokens.teacher)
      expect(added.destination).toBe('Botanical Garden')
      expect((await listFieldTrips(tokens.teacher)).map((trip) => trip.destination)).toContain('Botanical Garden')
      expect(await listFieldTrips(tokens.secondTeacher)).not.toContainEqual(added)
      // The contract's schema refuses a blank destination on the client too, before anything is sent.
      await expect(addFieldTrip('  ', tokens.teacher)).rejects.toMatchObject({ _tag: 'ApiProblem' })
      expect((await listFieldTrips(tokens.teacher)).map((trip) => trip.destination)).toEqual(['Old Port', 'Botanical Garden'])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
