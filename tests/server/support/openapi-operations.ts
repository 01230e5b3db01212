import fc from 'fast-check'

/**
 * The calls an OpenAPI document declares, read generically: method, path, parameters, request
 * body types and schemas, whether a bearer token is asked for, and whether the success answer is
 * the envelope. Nothing here knows a Fasl call by name, so a call added later is swept as it is.
 */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
  readonly enum?: ReadonlyArray<unknown>
  readonly pattern?: string
  readonly minimum?: number
  readonly maximum?: number
}

export interface Parameter {
  readonly name: string
  readonly in: 'query' | 'path' | 'header' | 'cookie'
  readonly required: boolean
  readonly schema: JsonSchema
}

export interface Operation {
  readonly method: string
  /** As declared, `{name}` for path parameters. */
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  /** Content type → schema, for calls that take a body. */
  readonly bodies: ReadonlyArray<{ readonly contentType: string; readonly schema: JsonSchema }>
  readonly secured: boolean
  /** The user types the call's `allow(...)` rule admits (`x-fasl-user-types`); absent = any signed-in user. */
  readonly userTypes?: ReadonlyArray<string>
  /** The roles its `requireRole(...)` rule asks for (`x-fasl-roles`); absent = none. */
  readonly roles?: ReadonlyArray<string>
  readonly successIsEnvelope: boolean
}

export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> }
  readonly security?: ReadonlyArray<Readonly<Record<string, unknown>>>
}

const methods = ['get', 'post', 'put', 'patch', 'delete']

export const resolver = (document: OpenApiDocument) => {
  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    if (schema === undefined) return {}
    if (schema.$ref === undefined) return schema
    const name = schema.$ref.split('/').pop() ?? ''
    return resolve(document.components?.schemas?.[name])
  }
  return resolve
}

interface RawOperation {
  readonly parameters?: ReadonlyArray<{ name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }>
  readonly requestBody?: { content?: Readonly<Record<string, { schema?: JsonSchema }>> }
  readonly security?: ReadonlyArray<Readonly<Record<string, unknown>>>
  readonly 'x-fasl-user-types'?: ReadonlyArray<string>
  readonly 'x-fasl-roles'?: ReadonlyArray<string>
  readonly responses?: Readonly<Record<string, { content?: Readonly<Record<string, { schema?: JsonSchema }>> }>>
}

export const operationsOf = (document: OpenApiDocument): ReadonlyArray<Operation> => {
  const resolve = resolver(document)
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const raw = item[method] as RawOperation | undefined
      if (raw === undefined) continue
      const success = resolve(raw.responses?.['200']?.content?.['application/json']?.schema)
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (raw.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          schema: resolve(parameter.schema),
        })),
        bodies: Object.entries(raw.requestBody?.content ?? {}).map(([contentType, media]) => ({ contentType, schema: resolve(media.schema) })),
        secured: (raw.security ?? document.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
        ...(raw['x-fasl-user-types'] === undefined ? {} : { userTypes: raw['x-fasl-user-types'] }),
        ...(raw['x-fasl-roles'] === undefined ? {} : { roles: raw['x-fasl-roles'] }),
        successIsEnvelope: success.properties?.responseCode !== undefined,
      })
    }
  }
  return operations
}

const typesOf = (schema: JsonSchema): ReadonlyArray<string> => (schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type)

/** The non-null member of `X | null`, or the schema itself. */
/** The field may be null (e.g. `expectedVersion`: null = no check), so null is no bad value for it. */
export const admitsNull = (schema: JsonSchema): boolean =>
  typesOf(schema).includes('null') || (schema.anyOf ?? schema.oneOf ?? []).some((member) => typesOf(member).includes('null'))

export const nonNull = (schema: JsonSchema): JsonSchema => (schema.anyOf ?? schema.oneOf)?.find((member) => !typesOf(member).includes('null')) ?? schema

/** A whole number (an id, a count), in a body or written in digits in a path or query. */
export const isIntegerField = (schema: JsonSchema): boolean => {
  const value = nonNull(schema)
  if (typesOf(value).includes('integer')) return true
  if (!typesOf(value).includes('string') || value.pattern === undefined) return false
  const pattern = new RegExp(value.pattern, 'u')
  return pattern.test('1') && !pattern.test('a') && !pattern.test('1.5')
}

/** Whether a whole number lies in the range a number field states (a field stating no minimum admits none of the sweep's bad numbers). */
export const withinRange = (schema: JsonSchema, value: number): boolean => {
  const range = nonNull(schema)
  return range.minimum !== undefined && value >= range.minimum && (range.maximum === undefined || value <= range.maximum)
}

export const isTextField = (schema: JsonSchema): boolean => {
  const value = nonNull(schema)
  return typesOf(value).includes('string') && value.enum === undefined && !isIntegerField(value)
}

/** A value the schema accepts, found with fast-check from its own constraints (one fixed draw). */
export const sampleOf = (schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): unknown => {
  const value = resolve(nonNull(resolve(schema)))
  if (value.enum !== undefined && value.enum.length > 0) return value.enum[0]
  const types = typesOf(value)
  if (types.includes('object') || value.properties !== undefined)
    return Object.fromEntries(Object.entries(value.properties ?? {}).map(([key, property]) => [key, sampleOf(property, resolve)]))
  if (types.includes('array')) return []
  if (types.includes('integer') || types.includes('number')) return Math.max(value.minimum ?? 1, 1)
  if (types.includes('boolean')) return true
  if (types.includes('null')) return null
  if (types.includes('string')) {
    if (isIntegerField(value)) return '1'
    if (value.pattern === undefined) return 'sample'
    return fc.sample(
      fc.stringMatching(new RegExp(value.pattern, 'u')).filter((text) => text.length > 0 && text !== '0'),
      { seed: 7, numRuns: 1 },
    )[0]
  }
  return 'sample'
}
