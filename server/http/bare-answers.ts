import type { HttpServerRequest } from 'effect/http'
import { HttpServerResponse } from 'effect/http'
import { httpMessages, localeFromAcceptLanguage } from '../../contracts/errors.ts'
import { isApiPath } from './envelope-errors.ts'

const isEnvelopeBody = (body: HttpServerResponse.HttpServerResponse['body']) => body._tag === 'Uint8Array' && body.contentType.includes('json')

/**
 * The HTTP layer under the API answers a few refusals itself, without the envelope: 415 for a
 * content type the endpoint does not take, an empty 413, 405. On an API path every refusal is
 * the envelope with a catalogue message, so a client reads them all one way. A plain function of
 * the answer (no effect of its own): it runs on every request.
 */
export const envelopedRefusal = (
  request: HttpServerRequest.HttpServerRequest,
  path: string,
  response: HttpServerResponse.HttpServerResponse,
): HttpServerResponse.HttpServerResponse => {
  if (response.status < 400 || isEnvelopeBody(response.body) || !isApiPath(path)) return response
  const locale = localeFromAcceptLanguage(request.headers['accept-language'])
  const message = (httpMessages[response.status as keyof typeof httpMessages] ?? httpMessages.unknown)[locale]
  return HttpServerResponse.jsonUnsafe(
    { responseCode: response.status, responseData: null, responseMessage: message, validationList: [] },
    { status: response.status, headers: response.headers },
  )
}
