import { Effect, Layer } from 'effect'
import { Availability } from '../../contracts/api.ts'
import { ApiUnavailable } from '../../contracts/wire-failures.ts'
import { httpMessages, ResponseCode } from '../../contracts/errors.ts'
import { requestLocale } from './request.ts'

/** Puts the "database unreachable" failure (503, raised by the Db service) into the caller's language. */
export const AvailabilityLive = Layer.succeed(Availability, (httpEffect) =>
  Effect.flatMap(requestLocale, (locale) =>
    Effect.mapError(httpEffect, (error) =>
      error instanceof ApiUnavailable
        ? new ApiUnavailable({
            responseCode: ResponseCode.unavailable,
            responseData: null,
            responseMessage: httpMessages.serverTrouble[locale],
            validationList: [],
          })
        : error,
    ),
  ),
)
