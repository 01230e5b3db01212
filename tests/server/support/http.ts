import { expect } from 'vitest'
import { webClient } from '../../../contracts/settings.ts'
import { mailAfterAnswerMs } from '../../../server/api/auth.ts'

export interface Envelope<T = unknown> {
  readonly responseCode: number
  readonly responseData: T
  readonly responseMessage: string | null
  readonly validationList: ReadonlyArray<{ field: string; message: string }>
}

export interface Answer<T = unknown> {
  readonly status: number
  readonly body: Envelope<T>
  readonly headers: Headers
}

export interface CallOptions {
  readonly token?: string
  readonly language?: 'en-US' | 'ar-EG'
  readonly idempotencyKey?: string
  readonly headers?: Record<string, string>
}

/** A real HTTP call to the server under test; answers the status and the parsed envelope. */
export const call = async <T = unknown>(base: string, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer<T>> => {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': options.language ?? 'en-US', ...options.headers }
  if (body !== undefined && !(body instanceof Uint8Array)) headers['content-type'] = 'application/json'
  if (body instanceof Uint8Array) headers['content-type'] = 'application/octet-stream'
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as Envelope<T>, headers: response.headers }
}

export interface LoginData {
  accessToken: string
  refreshToken: string
  tokenExpiration: string
  roles: string[]
  name: string
  image: string | null
  userType: string
}

export const accounts = {
  teacher: { email: 'teacher@fasl.school', password: 'Teacher#2026' },
  teacher2: { email: 'teacher2@fasl.school', password: 'Teacher#2026' },
  supervisor: { email: 'supervisor@fasl.school', password: 'Super#2026' },
  admin: { email: 'admin@fasl.school', password: 'Admin#2026' },
  student: { email: 'student@fasl.school', password: 'Student#2026' },
  student2: { email: 'student2@fasl.school', password: 'Student#2026' },
} as const

export const login = (base: string, account: { email: string; password: string }, options: CallOptions = {}) =>
  call<LoginData>(base, 'POST', '/api/Auth/Login', { ...account, ...webClient }, options)

export const signedIn = async (base: string, account: { email: string; password: string }): Promise<LoginData> => {
  const answer = await login(base, account)
  if (answer.body.responseCode !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`)
  return answer.body.responseData
}

/** "Forgot password" writes its mail a moment after its answer (server/api/auth.ts): wait for it. */
export const forgotPasswordMailWritten = () => new Promise((resolve) => setTimeout(resolve, mailAfterAnswerMs + 200))

/** A 105 answer naming `field` with a message matching `message`. */
export const expect105 = (answer: Answer, field: string, message: RegExp) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body.responseCode).toBe(105)
  expect(answer.body.validationList.find((entry) => entry.field === field)?.message, JSON.stringify(answer.body.validationList)).toMatch(message)
}
