import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { httpMessages, type Locale } from '../../contracts/errors.ts'

/** Node's own choice of status for a request it could not parse (see its default `clientError` answer). */
const statusOf = (code: string | undefined): 400 | 408 | 431 => (code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400)

const answers = {
  400: { reason: 'Bad Request', message: httpMessages.unknown },
  408: { reason: 'Request Timeout', message: httpMessages[408] },
  431: { reason: 'Request Header Fields Too Large', message: httpMessages[413] },
} as const

/**
 * Node answers a request it cannot parse (headers or address past its 16 KB limit, broken
 * framing) itself, bare, before the API sees it. This answers the envelope instead, as every
 * other refusal: a too-long address or header is "too large" (status 431), in Arabic when the
 * part of the request that was read asks for it. The connection is closed, as Node does.
 */
export const withEnvelopedClientErrors = <S extends Server>(server: S): S =>
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const status = statusOf(error.code)
    const locale: Locale = /\r\naccept-language:[ \t]*ar/i.test(error.rawPacket?.toString('latin1') ?? '') ? 'ar' : 'en'
    const body = JSON.stringify({ responseCode: status, responseData: null, responseMessage: answers[status].message[locale], validationList: [] })
    socket.end(
      `HTTP/1.1 ${status} ${answers[status].reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    )
  })
