import fc from 'fast-check'
import { isIntegerField, isTextField, nonNull, sampleOf, type JsonSchema, type Operation } from './openapi-operations.ts'

/** One request the sweep sends; `kind` says what is wrong with it (shown in a counterexample). */
export interface BadRequest {
  readonly kind: string
  readonly url: string
  readonly contentType?: string
  readonly body?: string | Uint8Array
  readonly language: 'en-US' | 'ar-EG'
}

/** The id values the issue names, and a few more a path or query may carry. */
export const badIds = ['abc', '1.5', 'NaN', '1e309', '99999999999', '-1', '', '0', '0x10', ' 1', '1 ', '+1', 'Infinity', '١٢'] as const
export const badJsonNumbers = [1.5, -1, 0, 1e308, 99999999999, '1', 'abc', null, true] as const

/** C0 (tab and line breaks included), DEL and C1. */
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((code) => String.fromCharCode(code))

/** `text` with a control character put in; `allowed`: those the field takes (a multi-line field's tab and line breaks) are left out. */
export const withControlCharacter = (text: string, allowed: (character: string) => boolean = () => false) =>
  fc
    .tuple(
      controlCharacter.filter((character) => !allowed(character)),
      fc.nat({ max: text.length }),
    )
    .map(([control, at]) => text.slice(0, at) + control + text.slice(at))

const megabyte = 1024 * 1024
/** Over the 1 MB JSON default and over the 5 MB upload limit. */
const oversizeBytes = fc.constantFrom(megabyte + 1, 6 * megabyte)

const hugeText = fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length))

/** A bad value for a path, query or header parameter. */
const badParameterValue = fc.oneof(
  fc.constantFrom(...badIds),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  withControlCharacter('value'),
  hugeText.map((text) => text.slice(0, 4_000)),
)

const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 100_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)))

const fieldsOf = (schema: JsonSchema) => Object.keys(nonNull(schema).properties ?? {})

/** What can go wrong with a JSON body of this schema, each kind an arbitrary. */
const badJsonBodies = (schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): fc.Arbitrary<{ kind: string; contentType: string; body: string }> => {
  const sample = sampleOf(schema, resolve) as Record<string, unknown>
  const fields = fieldsOf(resolve(schema))
  const json = (kind: string, value: unknown) => ({ kind, contentType: 'application/json', body: JSON.stringify(value) })
  const field = fields.length === 0 ? fc.constant('unknown') : fc.constantFrom(...fields)
  return fc.oneof(
    fc.tuple(field, fc.jsonValue({ maxDepth: 3 })).map(([key, value]) => json(`wrong type for ${key}`, { ...sample, [key]: value })),
    field.map((key) => {
      const { [key]: _dropped, ...rest } = sample
      return json(`missing ${key}`, rest)
    }),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([key, value]) => json(`extra field ${JSON.stringify(key)}`, { ...sample, [key]: value })),
    fc.tuple(field, hugeText).map(([key, text]) => json(`huge string in ${key}`, { ...sample, [key]: text })),
    fc.tuple(field, fc.constantFrom(...badJsonNumbers)).map(([key, value]) => json(`bad number ${String(value)} in ${key}`, { ...sample, [key]: value })),
    field.chain((key) => withControlCharacter(String(sample[key] ?? 'text')).map((text) => json(`control character in ${key}`, { ...sample, [key]: text }))),
    fc.jsonValue({ maxDepth: 4 }).map((value) => json('some other JSON', value)),
    fc.string({ maxLength: 200 }).map((text) => ({ kind: 'not JSON', contentType: 'application/json', body: text })),
    deepJson.map((text) => ({ kind: 'deep nesting', contentType: 'application/json', body: text })),
    oversizeBytes.map((size) => ({ kind: `oversize body (${size} bytes)`, contentType: 'application/json', body: `{"a":"${'x'.repeat(size)}"}` })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml').map((contentType) => ({
      kind: `wrong content type ${contentType}`,
      contentType,
      body: JSON.stringify(sample),
    })),
    fc.constant({ kind: 'empty body', contentType: 'application/json', body: '' }),
  )
}

/** What can go wrong with a binary body (an upload). */
const badBinaryBodies = (contentType: string): fc.Arbitrary<{ kind: string; contentType: string; body: string | Uint8Array }> =>
  fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ kind: 'random bytes', contentType, body: bytes })),
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => ({ kind: 'PNG signature, then noise', contentType, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...bytes]) })),
    oversizeBytes.map((size) => ({ kind: `oversize upload (${size} bytes)`, contentType, body: new Uint8Array(size) })),
    fc.string({ maxLength: 100 }).map((text) => ({ kind: 'JSON instead of bytes', contentType: 'application/json', body: JSON.stringify({ image: text }) })),
    fc.constant({ kind: 'empty upload', contentType, body: new Uint8Array() }),
  )

/** The path with its parameters filled (bad ones and good ones), and a query string. */
const badUrl = (operation: Operation, resolve: (schema: JsonSchema) => JsonSchema) => {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
  const valueOf = (schema: JsonSchema) =>
    fc.oneof({ weight: 1, arbitrary: fc.constant(String(sampleOf(schema, resolve))) }, { weight: 4, arbitrary: badParameterValue })
  return fc
    .tuple(
      fc.tuple(...parameters.map((parameter) => fc.option(valueOf(parameter.schema), { nil: undefined, freq: 6 }))),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), badParameterValue, { maxKeys: 2 }),
    )
    .map(([values, extra]) => {
      let path = operation.path
      const query = new URLSearchParams()
      parameters.forEach((parameter, index) => {
        const value = values[index]
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value ?? ''))
        else if (value !== undefined) query.append(parameter.name, value)
      })
      for (const [key, value] of Object.entries(extra)) query.append(key, value)
      const search = query.toString()
      return search === '' ? path : `${path}?${search}`
    })
}

/** Every kind of bad input for one call. */
export const badRequests = (operation: Operation, resolve: (schema: JsonSchema) => JsonSchema): fc.Arbitrary<BadRequest> => {
  const language = fc.constantFrom('en-US' as const, 'ar-EG' as const)
  const url = badUrl(operation, resolve)
  if (operation.bodies.length === 0) return fc.record({ url, language }).map((request) => ({ kind: 'bad path or query', ...request }))
  const bodies = fc.oneof(
    ...operation.bodies.map(({ contentType, schema }) => (contentType.includes('json') ? badJsonBodies(schema, resolve) : badBinaryBodies(contentType))),
  )
  return fc.record({ url, language, body: bodies }).map(({ url, language, body }) => ({ url, language, ...body }))
}

/** Fields of the call's JSON body or parameters that hold text, and those that hold whole numbers. */
export const fieldsToProbe = (operation: Operation, resolve: (schema: JsonSchema) => JsonSchema) => {
  const json = operation.bodies.find((body) => body.contentType.includes('json'))
  const bodyFields =
    json === undefined
      ? []
      : Object.entries(nonNull(resolve(json.schema)).properties ?? {}).map(([name, schema]) => ({ name, where: 'body' as const, schema: resolve(schema) }))
  const parameterFields = operation.parameters
    .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
    .map((parameter) => ({ name: parameter.name, where: parameter.in, schema: resolve(parameter.schema) }))
  const all = [...bodyFields, ...parameterFields]
  return { text: all.filter((field) => isTextField(field.schema)), integers: all.filter((field) => isIntegerField(field.schema)), json }
}
