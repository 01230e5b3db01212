const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** An endpoint's declared path (`/school/api/Things/:id`) as a pattern for request paths. */
export const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
      .join('/')}$`,
    'i',
  )
