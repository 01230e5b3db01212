import { catalogueMessage, httpMessages, ResponseCode, serverMessages, type Locale } from '../../contracts/errors.ts'
import { ApiFailure, ApiForbidden, ApiNotFound, ApiTooManyRequests, ApiUnauthorized } from '../../contracts/envelope.ts'
import { type Issue } from '../../contracts/validation.ts'
import { formatIssue } from '../../contracts/validation-format.ts'

/** Builders for the envelope failures, with messages in the caller's language. */
const fields = (responseCode: number, responseMessage: string, validationList: ReadonlyArray<{ field: string; message: string }> = []) => ({
  responseCode,
  responseData: null,
  responseMessage,
  validationList,
})

export const catalogueFailure = (code: number, locale: Locale) => new ApiFailure(fields(code, catalogueMessage(code, locale)))

export const serverMessageFailure = (message: string) => new ApiFailure(fields(ResponseCode.serverMessage, message))

export const validationFailure = (issues: ReadonlyArray<Issue>, locale: Locale) =>
  new ApiFailure(
    fields(
      ResponseCode.validation,
      httpMessages.validation[locale],
      issues.map((issue) => ({ field: issue.field, message: formatIssue(issue, locale) })),
    ),
  )

export const unauthorized = (locale: Locale) => new ApiUnauthorized(fields(401, httpMessages[401][locale]))
export const forbidden = (locale: Locale) => new ApiForbidden(fields(403, httpMessages[403][locale]))
export const passwordChangeRequired = (locale: Locale) => new ApiForbidden(fields(ResponseCode.serverMessage, serverMessages.passwordChangeRequired[locale]))
export const notFound = (locale: Locale) => new ApiNotFound(fields(404, httpMessages[404][locale]))
export const tooManyRequests = (locale: Locale) => new ApiTooManyRequests(fields(ResponseCode.serverMessage, httpMessages[429][locale]))
