/**
 * The router's path parser: wouter's pattern syntax (`/exams/edit/:id`, `:name?`, `*`), matched
 * case-insensitively, so /signin and /Signin are the same page (links use the spec's spellings).
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export const caseInsensitiveParser = (route: string, loose?: boolean): { pattern: RegExp; keys: string[] } => {
  const keys: string[] = []
  const source = route
    .split('/')
    .map((segment) => {
      if (segment === '') return ''
      if (segment === '*') {
        keys.push('wild')
        return '(?:/(.*))?'
      }
      if (segment.startsWith(':')) {
        const optional = segment.endsWith('?')
        keys.push(segment.slice(1, optional ? -1 : undefined))
        return optional ? '(?:/([^/]+?))?' : '/([^/]+?)'
      }
      return `/${escape(segment)}`
    })
    .join('')
  return { keys, pattern: new RegExp(`^${source}${loose ? '(?=$|/)' : '/?$'}`, 'i') }
}

/** Matches one path against one pattern; answers the decoded params or null. */
export const matchPath = (pattern: string, path: string): Record<string, string | undefined> | null => {
  const { keys, pattern: regex } = caseInsensitiveParser(pattern)
  const found = regex.exec(path)
  if (found === null) return null
  const params: Record<string, string | undefined> = {}
  keys.forEach((key, index) => {
    const value = found[index + 1]
    params[key] = value === undefined ? undefined : decodeURIComponent(value)
  })
  return params
}
