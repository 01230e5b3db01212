import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpMessages } from '../../contracts/errors.ts'
import type { StartedServer } from '../../server/app.ts'
import { testDatabases } from './support/databases.ts'

/** Sends `raw` bytes on a fresh connection and reads everything the server answers until it closes. */
const rawExchange = (port: number, raw: string): Promise<{ status: number; headers: string; body: unknown }> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body: JSON.parse(body) })
    })
  })

describe.each(testDatabases)("requests Node cannot parse answer the envelope, not Node's bare answer, on $name", (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start()
  })
  afterAll(() => server.close())

  it('an address past the 16 KB header limit answers 431 with the envelope ("too large")', async () => {
    const answer = await fetch(`${server.url}/api/Admin/AuditLog?kind=${'x'.repeat(20_000)}`)
    expect(answer.status).toBe(431)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(await answer.json()).toEqual({ responseCode: 431, responseData: null, responseMessage: httpMessages[413].en, validationList: [] })
  })

  it('in Arabic when the request asked for it before the header that overflowed', async () => {
    const answer = await rawExchange(server.port, `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: ar-EG\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`)
    expect(answer.status).toBe(431)
    expect(answer.body).toEqual({ responseCode: 431, responseData: null, responseMessage: httpMessages[413].ar, validationList: [] })
  })

  it('a request that is not HTTP answers 400 with the envelope', async () => {
    const answer = await rawExchange(server.port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ responseCode: 400, responseData: null, responseMessage: httpMessages.unknown.en, validationList: [] })
  })
})
