import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { run } from '../../src/api/client-impl.ts'
import { startEarlyReads, takeEarlyRead } from '../../src/api/early-reads.ts'
import { readAddress } from '../../src/api/read-address.ts'
import { correctionFirstReads } from '../../plugins/homework/correction/first-reads.ts'
import { correctionPageFirstReads } from '../../plugins/homework/correction/reads.ts'

/** Boot's early reads (src/api/early-reads.ts): asked for before the API client loads, taken by its first call of the same address. */
const origin = 'http://fasl.test'
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ responseCode: 200, responseMessage: 'OK', responseData: data, validationList: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })

/** A server that answers every request with its own number, and remembers what it was asked. */
const server = () => {
  const asked: Array<{ readonly url: string; readonly authorization: string | null }> = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    asked.push({ url: new URL(input instanceof Request ? input.url : String(input), origin).href, authorization: headers.get('authorization') })
    return envelope({ homeworkId: 7, title: `answer ${asked.length}`, totalDegree: 10, students: [] })
  })
  return { asked, fetch }
}

const list = (token: string) => run((client) => client.homeworkCorrection.correctionList({ query: { HomeworkID: 7 } }), { token, timeoutMs: 5000 })

describe('early reads', () => {
  beforeEach(() => vi.stubGlobal('location', { origin, pathname: '/', href: `${origin}/` }))
  afterEach(() => vi.unstubAllGlobals())

  it('name the very addresses the API client asks for on the correction page', async () => {
    const { asked, fetch } = server()
    vi.stubGlobal('fetch', fetch)
    await run((client) => client.homeworkCorrection.correctionList({ query: { HomeworkID: 34 } }), { token: 't', timeoutMs: 5000 })
    await run((client) => client.homework.classRoomStudents({ query: { ClassRoomID: 12 } }), { token: 't', timeoutMs: 5000 })
    await run((client) => client.homeworkCorrection.submissionForCorrection({ query: { HomeworkID: 34, StudentID: 56 } }), { token: 't', timeoutMs: 5000 })
    await run((client) => client.homework.classRoomHomeworks({ query: { ClassRoomID: 12 } }), { token: 't', timeoutMs: 5000 })
    const reads = (search: string) =>
      correctionFirstReads({ params: { name: 'grade-4-a' }, query: new URLSearchParams(search) }).map((path) => new URL(path, origin).href)
    expect(reads('id=12&homework=34&student=56')).toEqual(asked.slice(0, 3).map((request) => request.url))
    expect(reads('id=12')).toEqual([asked[3]!.url])
    // An id that is not one asks for nothing.
    expect(reads('id=12&homework=34x')).toEqual([asked[3]!.url])
    expect(reads('homework=')).toEqual([])
  })

  it('are the reads the correction page itself makes first, by address and by resource key', () => {
    for (const search of ['id=12&homework=34&student=56', 'id=12&homework=34', 'homework=34', 'id=12', 'id=x&homework=34']) {
      const address = { params: { name: 'grade-4-a' }, query: new URLSearchParams(search) }
      expect(correctionPageFirstReads(address).map((read) => read.path)).toEqual(correctionFirstReads(address))
    }
    const keys = correctionPageFirstReads({ params: {}, query: new URLSearchParams('id=12&homework=34&student=56') }).map((read) => read.key)
    expect(keys).toEqual([
      ['correctionList', 34],
      ['classRoomStudents', 12],
      ['submissionForCorrection', 34, 56],
    ])
  })

  it('answer the client’s first call of the address with the same token, once', async () => {
    const { asked, fetch } = server()
    vi.stubGlobal('fetch', fetch)
    startEarlyReads(['/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=7'], 'en', 'token-a')
    expect(asked).toHaveLength(1)
    const first = await list('token-a')
    expect(first).toMatchObject({ ok: true, value: { responseData: { title: 'answer 1' } } })
    expect(asked).toHaveLength(1)
    // Taken: the next read asks the server.
    expect(await list('token-a')).toMatchObject({ ok: true, value: { responseData: { title: 'answer 2' } } })
    expect(asked.map((request) => request.authorization)).toEqual(['Bearer token-a', 'Bearer token-a'])
  })

  it('never answer another account’s call, nor a write', async () => {
    const { asked, fetch } = server()
    vi.stubGlobal('fetch', fetch)
    startEarlyReads(['/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=7'], 'en', 'token-a')
    expect(await list('token-b')).toMatchObject({ ok: true, value: { responseData: { title: 'answer 2' } } })
    expect(asked[1]!.authorization).toBe('Bearer token-b')
    expect(
      takeEarlyRead(`${origin}/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=7`, { method: 'POST', headers: { Authorization: 'Bearer token-a' } }),
    ).toBeNull()
    // Nor one in another language: the answer's names would be in the other.
    startEarlyReads(['/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=8'], 'ar', 'token-a')
    expect(
      takeEarlyRead(`${origin}/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=8`, {
        headers: { Authorization: 'Bearer token-a', 'Accept-Language': 'en-US' },
      }),
    ).toBeNull()
  })

  it('ask the server again when the early read failed', async () => {
    const { asked, fetch } = server()
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network down')
    })
    startEarlyReads(['/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=7'], 'en', 'token-a')
    vi.stubGlobal('fetch', fetch)
    expect(await list('token-a')).toMatchObject({ ok: true, value: { responseData: { title: 'answer 1' } } })
    expect(asked).toHaveLength(1)
  })

  it('are dropped when nobody takes them in time', async () => {
    vi.useFakeTimers()
    try {
      const { asked, fetch } = server()
      vi.stubGlobal('fetch', fetch)
      startEarlyReads(['/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=9'], 'en', 'token-a')
      vi.advanceTimersByTime(60_000)
      expect(takeEarlyRead(`${origin}/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=9`, { headers: { Authorization: 'Bearer token-a' } })).toBeNull()
      expect(asked).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('are named through the contract: its paths and query fields, in the order the client sends them', async () => {
    const { asked, fetch } = server()
    vi.stubGlobal('fetch', fetch)
    await run((client) => client.homework.classRoomHomeworks({ query: { ClassRoomID: 12, SubjectID: 3 } }), { token: 't', timeoutMs: 5000 })
    expect(new URL(readAddress('/school/api/HomeWork/GetClassRoomHomeworks', { ClassRoomID: 12, SubjectID: 3 }), origin).href).toBe(asked[0]!.url)
    expect(readAddress('/api/Account/GetUserInfo')).toBe('/api/Account/GetUserInfo')
  })
})
