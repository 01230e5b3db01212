import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, signedIn } from './support/http.ts'

const megabyte = 1024 * 1024

interface BigAnswer {
  readonly status: number
  readonly body: unknown
  /** Bytes written before the server answered (or closed). */
  readonly written: number
}

/**
 * Streams `totalBytes` of `fill` to the server in 64 KB chunks, as a slow or hostile client would,
 * never holding the whole body in memory; stops writing once the server answers.
 */
const sendBig = (url: string, path: string, totalBytes: number, headers: Record<string, string>, declareLength: boolean): Promise<BigAnswer> =>
  new Promise((resolve, reject) => {
    // JSON: one valid sign-in body whose email is tens of megabytes long, so only its size is wrong.
    const json = headers['content-type'] === 'application/json'
    const [prefix, suffix] = json ? ['{"email":"', '","password":"x","clientId":"fasl-web","clientSecret":"fasl-web-secret"}'] : ['', '']
    const chunk = Buffer.alloc(64 * 1024, json ? 'x' : 0x42)
    let written = 0
    let answered = false
    const outgoing = request(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers, ...(declareLength ? { 'content-length': String(totalBytes) } : { 'transfer-encoding': 'chunked' }) },
    })
    outgoing.on('response', (response) => {
      answered = true
      const parts: Buffer[] = []
      response.on('data', (part: Buffer) => parts.push(part))
      response.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        resolve({ status: response.statusCode ?? 0, body: text === '' ? null : JSON.parse(text), written })
      })
    })
    // The server closes the connection after its answer; writing on is then refused.
    outgoing.on('error', (error) => (answered ? undefined : reject(error)))
    const fillerEnd = totalBytes - suffix.length
    const pump = () => {
      while (!answered && written < fillerEnd) {
        const next = Math.min(chunk.length, fillerEnd - written)
        written += next
        if (!outgoing.write(next === chunk.length ? chunk : chunk.subarray(0, next))) return void outgoing.once('drain', pump)
      }
      if (answered) return
      written += suffix.length
      outgoing.end(suffix)
    }
    outgoing.write(prefix)
    written += prefix.length
    pump()
  })

/**
 * The server runs in this process; the test streams its 50 MB from one reused 64 KB chunk, so the
 * process's resident memory measures what the server kept (an upper bound: the client is counted too).
 */
const residentBytes = () => process.memoryUsage().rss

/**
 * Polls /api/health while `work` runs; answers the slowest health answer seen and the highest
 * resident memory sampled meanwhile (a peak: what is freed afterwards still had to fit).
 */
const slowestHealthDuring = async <T>(url: string, work: Promise<T>): Promise<{ result: T; slowestMs: number; polls: number; peakRss: number }> => {
  let done = false
  let slowestMs = 0
  let polls = 0
  let peakRss = residentBytes()
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentBytes())), 2)
  const polling = (async () => {
    // At least one answer, even when the refusal comes back before the first one.
    while (!done || polls === 0) {
      const started = performance.now()
      const answer = await fetch(`${url}/api/health`)
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
      slowestMs = Math.max(slowestMs, performance.now() - started)
      peakRss = Math.max(peakRss, residentBytes())
      polls++
      await new Promise((resolve) => setImmediate(resolve))
    }
  })()
  try {
    const result = await work
    done = true
    await polling
    return { result, slowestMs, polls, peakRss }
  } finally {
    done = true
    clearInterval(sampler)
  }
}

describe.each(testDatabases)('limits before parsing: a 50 MB body on $name', (database) => {
  let server: StartedServer
  let token: string
  /** Peak resident memory over the start of each request. */
  const growth: Record<string, number> = {}
  const slowestHealth: Record<string, number> = {}
  beforeAll(async () => {
    server = await database.start()
    token = (await signedIn(server.url, accounts.teacher)).accessToken
    // Warm the paths the measured requests take, so their first use is not what is timed.
    await sendBig(server.url, '/api/Auth/Login', 2 * megabyte, { 'content-type': 'application/json' }, false)
    await (await fetch(`${server.url}/api/health`)).arrayBuffer()
  })
  afterAll(async () => {
    console.log(
      `${database.name}: peak memory growth per 50 MB request (MB): ${JSON.stringify(growth)}; slowest /api/health meanwhile (ms): ${JSON.stringify(slowestHealth)}`,
    )
    await server.close()
  })

  const cases = [
    { name: 'a JSON call, chunked', path: '/api/Auth/Login', type: 'application/json', declareLength: false, field: undefined },
    { name: 'a JSON call, with its Content-Length', path: '/api/Auth/Login', type: 'application/json', declareLength: true, field: undefined },
    {
      name: 'the profile image upload, chunked',
      path: '/api/Account/UploadProfileImage',
      type: 'application/octet-stream',
      declareLength: false,
      field: 'image',
    },
    {
      name: 'the profile image upload, with its Content-Length',
      path: '/api/Account/UploadProfileImage',
      type: 'application/octet-stream',
      declareLength: true,
      field: 'image',
    },
  ] as const

  it.each(cases)(
    '$name answers 413 with the envelope at the first byte over; /api/health keeps answering; memory stays flat',
    async ({ name, path, type, declareLength, field }) => {
      const before = residentBytes()
      const headers = { 'content-type': type, 'accept-language': 'ar-EG', authorization: `Bearer ${token}` }
      const { result, slowestMs, polls, peakRss } = await slowestHealthDuring(server.url, sendBig(server.url, path, 50 * megabyte, headers, declareLength))
      growth[name] = Math.round(((peakRss - before) / megabyte) * 10) / 10
      slowestHealth[name] = Math.round(slowestMs)
      expect(result.status).toBe(413)
      expect(result.body).toEqual({
        responseCode: 413,
        responseData: null,
        responseMessage: 'الطلب كبير جدًا.',
        validationList: field === undefined ? [] : [{ field, message: 'يجب أن يكون حجم الصورة أقل من ٥ ميجابايت.' }],
      })
      // The answer came long before the 50 MB were sent.
      expect(result.written).toBeLessThan(20 * megabyte)
      expect(polls).toBeGreaterThan(0)
      expect(slowestMs).toBeLessThan(1000)
      // Holding the body would take 50 MB at once (more while it is copied together); the limit is
      // 1 MB (5 MB for the upload), and chunks already refused wait for the garbage collector.
      expect(growth[name]).toBeLessThan(40)
    },
  )

  it('a body just under the limit is still read and decoded (105 for a bad sign-in body, not 413)', async () => {
    const answer = await sendBig(server.url, '/api/Auth/Login', megabyte, { 'content-type': 'application/json' }, true)
    expect(answer.status).toBe(400)
    expect((answer.body as { responseCode: number }).responseCode).toBe(105)
  })
})
