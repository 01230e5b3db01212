import { SchemaIssue } from 'effect'
import type { ValidationAnnotation } from './fields.ts'
import type { Issue, ValidationKey } from './validation.ts'

/**
 * Turns a decoding failure of a request (body, query, path) into the validation list of a 105:
 * one entry per failing field, named by its path (`email`, `ClassRoomID`, `items.0.id`), with the
 * message key its schema declares (contracts/fields.ts) or a generic one (`required`,
 * `malformed`). A failure of the whole input (not JSON at all) names `whole` instead.
 */
export const issuesOfSchemaIssue = (issue: SchemaIssue.Issue, whole: string): ReadonlyArray<Issue> => {
  const found = format(issue).issues
  const seen = new Set<string>()
  const issues: Issue[] = []
  for (const { path, message } of found) {
    const segments = (path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    const field = segments.length === 0 ? whole : segments.join('.')
    if (seen.has(field)) continue
    seen.add(field)
    const annotation = decodeAnnotation(message)
    issues.push(annotation.values === undefined ? { field, key: annotation.key } : { field, key: annotation.key, values: annotation.values })
  }
  return issues.length > 0 ? issues : [{ field: whole, key: 'malformed' }]
}

const annotationOf = (annotations: unknown): ValidationAnnotation | undefined => {
  const value = (annotations as { validation?: ValidationAnnotation } | undefined)?.validation
  return value !== undefined && typeof value.key === 'string' ? value : undefined
}

// The formatter walks the issue tree and keeps the paths; each leaf's "message" carries the
// validation annotation as JSON, read back above.
const encode = (annotation: ValidationAnnotation): string => JSON.stringify(annotation)
const decodeAnnotation = (message: string): ValidationAnnotation => {
  try {
    const parsed = JSON.parse(message) as ValidationAnnotation
    return typeof parsed.key === 'string' ? parsed : { key: 'malformed' }
  } catch {
    return { key: 'malformed' }
  }
}
const generic = (key: ValidationKey) => encode({ key })

const format = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    switch (issue._tag) {
      case 'MissingKey':
        return generic('required')
      case 'InvalidType':
      case 'InvalidValue': {
        const annotation = 'ast' in issue ? annotationOf((issue.ast as { annotations?: unknown }).annotations) : undefined
        return encode(annotation ?? { key: 'malformed' })
      }
      default:
        return generic('malformed')
    }
  },
  checkHook: (issue) => {
    const annotation = annotationOf(issue.filter.annotations)
    return encode(annotation ?? { key: 'malformed' })
  },
})
