import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { httpMessages, serverMessages, type Locale } from '../../contracts/errors.ts'
import { catalogueOfApi } from '../../contracts/feature-catalogue.ts'
import type { StartedServer } from '../../server/app.ts'
import { badIds, badJsonNumbers, badRequests, fieldsToProbe, withControlCharacter, type BadRequest } from './support/bad-requests.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, signedIn } from './support/http.ts'
import { admitsNull, nonNull, operationsOf, resolver, sampleOf, withinRange, type OpenApiDocument, type Operation } from './support/openapi-operations.ts'

/**
 * A property-based sweep of the whole API, generated from GET /api/openapi.json alone: every
 * declared call, signed out and as each demo role, with bad input of every kind. A call added to
 * the contract is swept without this file changing. Fixed seed and bounded runs, so a failure
 * reproduces and the sweep stays within about half a minute per database.
 */
const seed = 20_261_123
const runsPerCall = 24

const roles = ['signed out', 'teacher', 'teacher2', 'supervisor', 'admin', 'student'] as const
type Role = (typeof roles)[number]

/** Every message the server may answer a refusal with, per language (the features' own codes too). */
const catalogue = catalogueOfApi(FaslApi)
const messagesOf = (locale: Locale) =>
  new Set([...Object.values(catalogue), ...Object.values(httpMessages), ...Object.values(serverMessages)].map((message) => message[locale]))
const knownMessages: Record<Locale, ReadonlySet<string>> = { en: messagesOf('en'), ar: messagesOf('ar') }

interface Answer {
  readonly status: number
  readonly text: string
}

const hash = (text: string) => [...text].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) | 0, seed)

describe.each(testDatabases)('API sweep generated from /api/openapi.json on $name', (database) => {
  let server: StartedServer
  let operations: ReadonlyArray<Operation>
  let resolve: ReturnType<typeof resolver>
  const tokens: Partial<Record<Role, string>> = {}

  beforeAll(async () => {
    server = await database.start()
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument
    operations = operationsOf(document)
    resolve = resolver(document)
    for (const role of roles) if (role !== 'signed out') tokens[role] = (await signedIn(server.url, accounts[role])).accessToken
  })
  afterAll(() => server.close())

  const send = async (operation: Operation, request: BadRequest, token: string | undefined): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': request.language }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    if (request.contentType !== undefined) headers['content-type'] = request.contentType
    const withBody = operation.method !== 'GET' && operation.method !== 'HEAD' && request.body !== undefined
    const response = await fetch(server.url + request.url, {
      method: operation.method,
      headers,
      ...(withBody ? { body: request.body as string | Uint8Array<ArrayBuffer> } : {}),
    })
    return { status: response.status, text: await response.text() }
  }

  /** The rules every answer keeps, whatever was sent. */
  const expectEnvelope = (operation: Operation, request: BadRequest, answer: Answer) => {
    const context = `${operation.method} ${request.url} (${request.kind}) answered ${answer.status}: ${answer.text.slice(0, 300)}`
    expect(answer.status, context).toBeLessThan(500)
    // A call whose success is not the envelope (the grade book's CSV) answers its own body on 200.
    if (answer.status === 200 && !operation.successIsEnvelope) return
    let body: Record<string, unknown>
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>
    } catch {
      throw new Error(`not JSON: ${context}`)
    }
    expect(Object.keys(body).sort(), context).toEqual(['responseCode', 'responseData', 'responseMessage', 'validationList'])
    expect(typeof body.responseCode, context).toBe('number')
    expect(body.responseCode === 200, context).toBe(answer.status === 200)
    const list = body.validationList as ReadonlyArray<{ field: unknown; message: unknown }>
    expect(Array.isArray(list), context).toBe(true)
    for (const item of list) {
      expect(typeof item.field, context).toBe('string')
      expect(typeof item.message === 'string' && item.message.trim() !== '', context).toBe(true)
    }
    if (body.responseCode === 200) return
    const locale: Locale = request.language === 'ar-EG' ? 'ar' : 'en'
    expect(knownMessages[locale].has(body.responseMessage as string), `no catalogue message in ${locale}: ${context}`).toBe(true)
  }

  const expectHealthy = async () => {
    const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) })
    expect(health.status).toBe(200)
  }

  it('finds the declared calls in the document, with and without a bearer token', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10)
    expect(operations.some((operation) => operation.secured)).toBe(true)
    expect(operations.some((operation) => !operation.secured)).toBe(true)
  })

  it.each(roles)(
    'every declared call, %s, with bad input of every kind: never a 5xx, always the envelope with a catalogue message, and the server still answers',
    async (role) => {
      for (const operation of operations) {
        const property = fc.asyncProperty(badRequests(operation, resolve), async (request) => {
          expectEnvelope(operation, request, await send(operation, request, tokens[role]))
        })
        await fc.assert(property, { seed: hash(`${role} ${operation.method} ${operation.path}`), numRuns: runsPerCall })
        await expectHealthy()
      }
    },
    // It grows with every call the API declares: a role's sweep takes a minute or more on a busy machine.
    240_000,
  )

  /** A token that gets past authentication and the call's allow(...) rule, so the input is what decides the answer. */
  const tokenFor = (operation: Operation) => {
    if (!operation.secured) return undefined
    // The supervising corrector's calls (requireRole('SuperCorrector')) are hers: the demo teacher lacks the role.
    if (operation.roles?.includes('SuperCorrector') === true) return tokens.supervisor
    if (operation.userTypes === undefined || operation.userTypes.includes('Teacher')) return tokens.teacher
    return operation.userTypes.includes('Student') ? tokens.student : tokens.admin
  }

  const sendField = (operation: Operation, where: string, name: string, value: unknown, language: BadRequest['language'] = 'en-US') => {
    const fields = fieldsToProbe(operation, resolve)
    const sample = fields.json === undefined ? undefined : (sampleOf(fields.json.schema, resolve) as Record<string, unknown>)
    let path = operation.path
    const query = new URLSearchParams()
    for (const parameter of operation.parameters) {
      const chosen = parameter.name === name && where === parameter.in ? String(value) : String(sampleOf(parameter.schema, resolve))
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(chosen))
      if (parameter.in === 'query' && (parameter.required || parameter.name === name)) query.append(parameter.name, chosen)
    }
    const body = sample === undefined ? undefined : JSON.stringify(where === 'body' ? { ...sample, [name]: value } : sample)
    const url = query.size === 0 ? path : `${path}?${query.toString()}`
    const request: BadRequest = { kind: `${String(value)} in ${name}`, url, language, ...(body === undefined ? {} : { contentType: 'application/json', body }) }
    return send(operation, request, tokenFor(operation)).then((answer) => ({ answer, request }))
  }

  const expect105Naming = (answer: Answer, field: string, context: string) => {
    expect(answer.status, context).toBe(400)
    const body = JSON.parse(answer.text) as { responseCode: number; validationList: ReadonlyArray<{ field: string; message: string }> }
    expect(body.responseCode, context).toBe(105)
    expect(
      body.validationList.map((item) => item.field),
      context,
    ).toContain(field)
  }

  it('a control character (C0, DEL or C1) in any text field of any call answers 105 naming the field', async () => {
    const probed: string[] = []
    for (const operation of operations) {
      for (const field of fieldsToProbe(operation, resolve).text) {
        probed.push(`${operation.path} ${field.name}`)
        // A multi-line field takes tab and line breaks: its own pattern says which controls it refuses.
        const pattern = nonNull(field.schema).pattern
        const allowed = (character: string) => pattern !== undefined && new RegExp(pattern, 'u').test(character)
        const property = fc.asyncProperty(withControlCharacter('Sample', allowed), async (text) => {
          const { answer, request } = await sendField(operation, field.where, field.name, text)
          expect105Naming(answer, field.name, `${operation.method} ${request.url} ${JSON.stringify(text)}: ${answer.text}`)
        })
        await fc.assert(property, { seed: hash(`${operation.path} ${field.name}`), numRuns: 6 })
      }
    }
    expect(probed.length).toBeGreaterThan(5)
  })

  it('a bad id or number (abc, 1.5, NaN, 1e309, 99999999999, -1, empty…) in any whole-number field answers 105 naming the field', async () => {
    const probed: string[] = []
    for (const operation of operations) {
      for (const field of fieldsToProbe(operation, resolve).integers) {
        probed.push(`${operation.path} ${field.name}`)
        // A whole number the field's own range admits (0 where its minimum is 0) is no bad number.
        const admitted = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && withinRange(field.schema, value)
        const values: ReadonlyArray<unknown> =
          field.where === 'body' ? badJsonNumbers.filter((value) => (value !== null || !admitsNull(field.schema)) && !admitted(value)) : badIds
        for (const value of values) {
          const { answer, request } = await sendField(operation, field.where, field.name, value, 'ar-EG')
          expect105Naming(answer, field.name, `${operation.method} ${request.url}: ${answer.text}`)
        }
      }
    }
    expect(probed.length).toBeGreaterThan(0)
  })
})
