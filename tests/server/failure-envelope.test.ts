import { Effect, Result } from 'effect'
import { FetchHttpClient, HttpClient, HttpClientRequest } from 'effect/http'
import { HttpApiClient } from 'effect/http-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { ApiFailure, ApiNotFound } from '../../contracts/wire-failures.ts'
import { catalogue } from '../../contracts/core-catalogue.ts'
import { httpMessages } from '../../contracts/errors.ts'
import validationMessages from '../../contracts/validation-messages.json' with { type: 'json' }
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, signedIn } from './support/http.ts'

/*
 * Handlers fail with domain failures that carry no language (contracts/failures.ts); the API's error
 * schemas word them as the envelope in the caller's language as the answer is written
 * (server/http/failure-wording.ts). These are failures handlers raise, not schema decoding's.
 */
describe.each(testDatabases)('a handler failure answers the envelope worded at the edge, on $name', (database) => {
  let server: StartedServer
  let token: string

  beforeAll(async () => {
    server = await database.start()
    token = (await signedIn(server.url, accounts.teacher)).accessToken
  })
  afterAll(() => server.close())

  const changePassword = (body: Record<string, string>, language: 'en-US' | 'ar-EG') =>
    call(server.url, 'POST', '/api/Account/ChangePassword', body, { token, language })

  it.each([
    ['en-US', 'en'],
    ['ar-EG', 'ar'],
  ] as const)('a refusal with a catalogue code (138) in %s', async (language, locale) => {
    const answer = await changePassword({ oldPassword: 'Wrong#2026', newPassword: 'Better#2027', confirmPassword: 'Better#2027' }, language)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ responseCode: 138, responseData: null, responseMessage: catalogue[138]![locale], validationList: [] })
  })

  it.each([
    ['en-US', 'en'],
    ['ar-EG', 'ar'],
  ] as const)("a rule's issues (105 naming the field) in %s", async (language, locale) => {
    const answer = await changePassword({ oldPassword: accounts.teacher.password, newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' }, language)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      responseCode: 105,
      responseData: null,
      responseMessage: httpMessages.validation[locale],
      validationList: [{ field: 'newPassword', message: validationMessages.passwordRule[locale] }],
    })
  })

  it.each([
    ['en-US', 'en'],
    ['ar-EG', 'ar'],
  ] as const)('not found (404) in %s', async (language, locale) => {
    const answer = await call(server.url, 'GET', '/school/api/HomeWork/GetTeacherHomeworkDetailsForEdit?HomeworkID=2147483000', undefined, { token, language })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ responseCode: 404, responseData: null, responseMessage: httpMessages[404][locale], validationList: [] })
  })

  it("the client made from the same declaration decodes the envelope into the wire classes, with the server's words", async () => {
    const outcome = await Effect.runPromise(
      Effect.gen(function* () {
        const client = yield* HttpApiClient.make(FaslApi, {
          baseUrl: server.url,
          transformClient: HttpClient.mapRequest(HttpClientRequest.setHeaders({ authorization: `Bearer ${token}`, 'accept-language': 'ar-EG' })),
        })
        const refused = yield* Effect.result(
          client.account.changePassword({ payload: { oldPassword: 'Wrong#2026', newPassword: 'Better#2027', confirmPassword: 'Better#2027' } }),
        )
        const missing = yield* Effect.result(client.homework.teacherHomeworkForEdit({ query: { HomeworkID: 2_147_483_000 } }))
        return { refused, missing }
      }).pipe(Effect.provide(FetchHttpClient.layer)),
    )
    const refused = Result.isFailure(outcome.refused) ? outcome.refused.failure : undefined
    const missing = Result.isFailure(outcome.missing) ? outcome.missing.failure : undefined
    expect(refused).toBeInstanceOf(ApiFailure)
    expect(refused).toMatchObject({ responseCode: 138, responseMessage: catalogue[138]!.ar })
    expect(missing).toBeInstanceOf(ApiNotFound)
    expect(missing).toMatchObject({ responseCode: 404, responseMessage: httpMessages[404].ar })
  })
})
