import { Effect, Layer, Option } from 'effect'
import { HttpServerRequest } from 'effect/http'
import type { FailureFields } from '../../contracts/envelope.ts'
import { IntlMessageFormat } from 'intl-messageformat'
import { acceptLanguageOf, httpMessages, localeFromAcceptLanguage, ResponseCode, serverMessages, type Locale, type Message } from '../../contracts/errors.ts'
import { catalogueOfApi } from '../../contracts/feature-catalogue.ts'
import { FailureWording, type DomainFailure } from '../../contracts/failures.ts'
import { ruleMessagesOfApi } from '../../contracts/feature-rule-messages.ts'
import { issueFormatter } from '../../contracts/validation-format.ts'

/** "Please try again in 14 minutes", rounded up to whole minutes, in the language's digits. */
export const waitMessage = (retryAfterSeconds: number, locale: Locale): string =>
  String(
    new IntlMessageFormat(serverMessages.tooManyAttempts[locale], acceptLanguageOf(locale)).format({ minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }),
  )

const envelope = (responseCode: number, responseMessage: string, validationList: FailureFields['validationList'] = []): FailureFields => ({
  responseCode,
  responseData: null,
  responseMessage,
  validationList,
})

/**
 * A domain failure as the spec's envelope, in `locale`: the one place a failure gets its words.
 * `catalogue`: the core's codes and those the served API's groups declare (contracts/feature-catalogue.ts);
 * `formatIssue`: words issues with the core's and the groups' rule messages (contracts/feature-rule-messages.ts).
 */
export const envelopeOf = (
  failure: DomainFailure,
  locale: Locale,
  catalogue: Readonly<Record<number, Message>>,
  formatIssue: ReturnType<typeof issueFormatter>,
): FailureFields => {
  const catalogueMessage = (code: number) => (catalogue[code] ?? httpMessages.unknown)[locale]
  switch (failure._tag) {
    case 'Refused':
      return envelope(failure.code, catalogueMessage(failure.code))
    case 'InvalidInput':
      return envelope(
        ResponseCode.validation,
        httpMessages.validation[locale],
        failure.issues.map((issue) => ({ field: issue.field, message: formatIssue(issue, locale) })),
      )
    case 'ServerMessageRefusal':
      return envelope(ResponseCode.serverMessage, serverMessages[failure.key][locale])
    case 'Unauthorized':
      return envelope(401, httpMessages[401][locale])
    case 'Forbidden':
      return envelope(403, httpMessages[403][locale])
    case 'PasswordChangeRequired':
      return envelope(ResponseCode.serverMessage, serverMessages.passwordChangeRequired[locale])
    case 'NotFound':
      return envelope(404, httpMessages[404][locale])
    case 'TooManyRequests':
      return {
        ...envelope(ResponseCode.serverMessage, waitMessage(failure.retryAfterSeconds, locale)),
        retryAfterSeconds: failure.retryAfterSeconds,
      }
    case 'RequestInProgress':
      return envelope(ResponseCode.requestInProgress, catalogueMessage(ResponseCode.requestInProgress))
    case 'IdempotencyKeyReused':
      return envelope(ResponseCode.idempotencyKeyReused, catalogueMessage(ResponseCode.idempotencyKeyReused))
  }
}

/** The language of the request being answered (Accept-Language), English outside one. */
const answeredLocale: Effect.Effect<Locale> = Effect.map(Effect.serviceOption(HttpServerRequest.HttpServerRequest), (request) =>
  localeFromAcceptLanguage(Option.isSome(request) ? request.value.headers['accept-language'] : undefined),
)

/**
 * The API's error schemas (contracts/failures.ts) encode a domain failure with this, as the
 * response is written: the request is the one being answered, so its Accept-Language chooses.
 */
export const failureWording = (api: Parameters<typeof catalogueOfApi>[0]) => {
  const catalogue = catalogueOfApi(api)
  const formatIssue = issueFormatter(ruleMessagesOfApi(api))
  return Layer.succeed(FailureWording, {
    envelopeOf: (failure) => Effect.map(answeredLocale, (locale) => envelopeOf(failure, locale, catalogue, formatIssue)),
  })
}
