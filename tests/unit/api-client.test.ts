import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildHeaders, timezoneOffsetHours } from '../../src/api/headers.ts'
import { toProblem } from '../../src/api/problem.ts'
import { catalogueEntryOf } from '../../src/api/catalogue-entry.ts'
import { classify, run } from '../../src/api/client-impl.ts'
import { ApiFailure, ApiUnauthorized } from '../../contracts/wire-failures.ts'
import { loadIssueMessages } from '../../src/forms/issue-messages.ts'
import { issuesToFields, splitProblem } from '../../src/forms/issues.ts'

describe('request headers', () => {
  it('sends json, the language, the timezone offset in hours and the bearer token', () => {
    expect(buildHeaders({ locale: 'ar', accessToken: 'abc', offsetHours: 2 })).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': 'ar-EG',
      'X-Timezone-Offset': '2',
      Authorization: 'Bearer abc',
    })
  })
  it('sends en-US and no Authorization when signed out', () => {
    const headers = buildHeaders({ locale: 'en', offsetHours: -5.5 })
    expect(headers['Accept-Language']).toBe('en-US')
    expect(headers['X-Timezone-Offset']).toBe('-5.5')
    expect(headers.Authorization).toBeUndefined()
  })
  it('leaves the content type to a binary body', () => expect(buildHeaders({ locale: 'en', jsonBody: false, offsetHours: 0 })['Content-Type']).toBeUndefined())
  it('turns the JS offset (minutes west) into hours east', () => {
    expect(timezoneOffsetHours({ getTimezoneOffset: () => -120 } as Date)).toBe(2)
    expect(timezoneOffsetHours({ getTimezoneOffset: () => 330 } as Date)).toBe(-5.5)
    expect(Object.is(timezoneOffsetHours({ getTimezoneOffset: () => 0 } as Date), 0)).toBe(true)
  })
})

describe('error mapping', () => {
  it('offline → 503 with the spec message', () =>
    expect(toProblem({ kind: 'offline' }, 'en')).toMatchObject({ code: 503, message: 'No internet connection, please try again!' }))
  it("a server's 503 (its database unreachable) and a gateway's 502 / 504 say the server has trouble, not that she is offline", () => {
    for (const status of [502, 503, 504]) {
      expect(toProblem({ kind: 'response', status }, 'en')).toMatchObject({ status, message: 'The server is having trouble. Please try again in a moment.' })
      expect(toProblem({ kind: 'response', status, code: 503 }, 'ar').message).toBe('يواجه الخادم مشكلة الآن. يرجى المحاولة مرة أخرى بعد قليل.')
      expect(toProblem({ kind: 'response', status }, 'en').unreachable).toBeUndefined()
    }
    expect(toProblem({ kind: 'offline' }, 'en').unreachable).toBe(true)
  })
  it('timeout → 408 Request Timeout', () => expect(toProblem({ kind: 'timeout' }, 'en')).toMatchObject({ code: 408, message: 'Request Timeout' }))
  it('105 → the validation list on the fields', () =>
    expect(toProblem({ kind: 'response', status: 400, code: 105, message: 'x', validationList: [{ field: 'email', message: 'bad' }] }, 'en')).toMatchObject({
      code: 105,
      fields: { email: 'bad' },
    }))
  it("Fasl's own codes (139, 143 and up) show the server's words, in the language the request asked for", () => {
    expect(toProblem({ kind: 'response', status: 400, code: 139, message: 'تم تغيير هذه البيانات من مكان آخر منذ فتحتها.' }, 'ar').message).toBe(
      'تم تغيير هذه البيانات من مكان آخر منذ فتحتها.',
    )
    expect(toProblem({ kind: 'response', status: 400, code: 157, message: "You have reached today's upload limit." }, 'en')).toMatchObject({
      code: 157,
      message: "You have reached today's upload limit.",
    })
  })
  it("the specification's codes are worded by the client, whatever the server sent", () =>
    expect(toProblem({ kind: 'response', status: 400, code: 116, message: 'something else', catalogue: catalogueEntryOf(116) }, 'ar').message).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    ))
  it('142 → the server message', () =>
    expect(toProblem({ kind: 'response', status: 429, code: 142, message: 'Wait 5 minutes' }, 'en').message).toBe('Wait 5 minutes'))
  it('a catalogue code → its message in the current language', () => {
    expect(toProblem({ kind: 'response', status: 400, code: 116, message: 'ignored', catalogue: catalogueEntryOf(116) }, 'en').message).toBe(
      'Wrong Email or password',
    )
    expect(toProblem({ kind: 'response', status: 400, code: 131, catalogue: catalogueEntryOf(131) }, 'ar').message).toBe('رابط إعادة التعيين غير صالح')
  })
  it('HTTP 401 / 404 / 500 → the spec messages', () => {
    expect(toProblem({ kind: 'response', status: 401 }, 'en').message).toBe('Not authorized.')
    expect(toProblem({ kind: 'response', status: 404 }, 'en').message).toBe('Page/Service not found.')
    expect(toProblem({ kind: 'response', status: 500 }, 'ar').message).toBe('خطأ داخلي في الخادم.')
  })
  it('another status → the server message, or Something went wrong', () => {
    expect(toProblem({ kind: 'response', status: 418, message: 'Teapot' }, 'en').message).toBe('Teapot')
    expect(toProblem({ kind: 'response', status: 520 }, 'en').message).toBe('Something went wrong')
  })
})

describe('classifying the contract client failures', () => {
  it('reads the envelope of a declared error', () => {
    const failure = new ApiFailure({ responseCode: 116, responseData: null, responseMessage: 'Wrong', validationList: [] })
    expect(classify(failure)).toMatchObject({ kind: 'response', status: 400, code: 116 })
    // The catalogue's words travel with the failure: the mapping on the first screen holds none of its own.
    expect(toProblem(classify(failure), 'ar').message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة')
    expect(classify(new ApiUnauthorized({ responseCode: 401, responseData: null, responseMessage: 'no', validationList: [] }))).toMatchObject({ status: 401 })
  })
  it('a transport error is offline', () => expect(classify({ _tag: 'HttpClientError', reason: { _tag: 'TransportError' } })).toEqual({ kind: 'offline' }))
  it('an undeclared status keeps its status', () =>
    expect(classify({ _tag: 'HttpClientError', reason: { _tag: 'StatusCodeError', response: { status: 502 } } })).toEqual({ kind: 'response', status: 502 }))
})

describe('form messages', () => {
  it('keeps the first issue of each field, in the current language, once the messages are loaded', async () => {
    // Loaded lazily (the sign-in page paints without them): before that, no field shows a message.
    expect(issuesToFields([{ field: 'email', key: 'required' }], 'en')).toEqual({})
    await loadIssueMessages()
    const fields = issuesToFields(
      [
        { field: 'email', key: 'required' },
        { field: 'email', key: 'emailInvalid' },
        { field: 'password', key: 'required' },
      ],
      'ar',
    )
    expect(fields).toEqual({ email: 'هذا الحقل مطلوب.', password: 'هذا الحقل مطلوب.' })
  })
  it('puts a 105 list on the fields and anything else above the form', () => {
    expect(
      splitProblem(toProblem({ kind: 'response', status: 400, code: 105, validationList: [{ field: 'phone', message: 'Enter 8 to 11 digits.' }] }, 'en')),
    ).toEqual({ fields: { phone: 'Enter 8 to 11 digits.' }, message: null })
    expect(splitProblem(toProblem({ kind: 'response', status: 400, code: 116, catalogue: catalogueEntryOf(116) }, 'en'))).toEqual({
      fields: {},
      message: 'Wrong Email or password',
    })
  })
})

describe('the contract client on fetch', () => {
  afterEach(() => vi.unstubAllGlobals())
  const answering = (calls: string[], name: string) => async () => {
    calls.push(name)
    return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  it('sends through the fetch installed now, not the first one it saw', async () => {
    vi.stubGlobal('location', { origin: 'http://fasl.test', pathname: '/', href: 'http://fasl.test/' })
    const calls: string[] = []
    vi.stubGlobal('fetch', answering(calls, 'first'))
    await run((client) => client.health(), { token: null, timeoutMs: 5000 })
    vi.stubGlobal('fetch', answering(calls, 'second'))
    await run((client) => client.health(), { token: null, timeoutMs: 5000 })
    expect(calls).toEqual(['first', 'second'])
  })
  it('sends each call its own token and Idempotency-Key, calls at once sharing one client', async () => {
    vi.stubGlobal('location', { origin: 'http://fasl.test', pathname: '/', href: 'http://fasl.test/' })
    const seen: Array<{ authorization: string | null; key: string | null }> = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
      seen.push({ authorization: headers.get('authorization'), key: headers.get('idempotency-key') })
      await new Promise((resolve) => setTimeout(resolve, 5))
      return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    await Promise.all([
      run((client) => client.health(), { token: 'token-a', idempotencyKey: 'key-a', timeoutMs: 5000 }),
      run((client) => client.health(), { token: 'token-b', timeoutMs: 5000 }),
      run((client) => client.health(), { token: null, idempotencyKey: 'key-c', timeoutMs: 5000 }),
    ])
    expect(seen).toEqual([
      { authorization: 'Bearer token-a', key: 'key-a' },
      { authorization: 'Bearer token-b', key: null },
      { authorization: null, key: 'key-c' },
    ])
  })
})
