/**
 * Route references: one declaration gives the router its path pattern and every caller a typed link
 * builder, so a path is written once. The pattern uses wouter's syntax (`/exams/edit/:id`, `:name?`,
 * `*`) and is matched case-insensitively (src/plugin-host/path-parser.ts).
 *
 *   export const examEditRoute = defineRoute('/exams/edit/:id')
 *   examEditRoute.link({ id: 7 })            // '/exams/edit/7' — a missing or misspelt param fails the typecheck
 *
 * Where they live: a route only its own feature links to is declared in the plugin's folder
 * (`plugins/<id>/routes.ts`); one another feature links to is exported from the owner's
 * `plugins/<id>/public.ts`; one the shell itself goes to is the shell's (./shell-routes.ts), bound
 * to a page by the plugin that answers it.
 */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : Path
type RequiredParam<Segment> = Segment extends `:${string}?` ? never : Segment extends `:${infer Name}` ? Name : never
type OptionalParam<Segment> = Segment extends `:${infer Name}?` ? Name : never

type ParamValue = string | number

/** The params a pattern declares: `:id` is required, `:id?` optional. */
export type PathParams<Path extends string> = { readonly [Name in RequiredParam<Segments<Path>>]: ParamValue } & {
  readonly [Name in OptionalParam<Segments<Path>>]?: ParamValue
}

export type LinkParams<Path extends string, Query extends string> = PathParams<Path> & { readonly [Name in Query]?: string | undefined }

/** `link()` takes no argument when nothing is required, else the params object. */
export type LinkBuilder<Path extends string, Query extends string> =
  Record<never, never> extends PathParams<Path> ? (params?: LinkParams<Path, Query>) => string : (params: LinkParams<Path, Query>) => string

export interface RouteRef<Path extends string = string, Query extends string = string> {
  readonly path: Path
  readonly link: LinkBuilder<Path, Query>
}

/** Any route reference, whatever its params (what the router binds a page to). */
export type AnyRouteRef = { readonly path: string; readonly link: (params: never) => string }

/** A route whose link needs no params: what a side-bar entry or a redirect can point at. */
export type ParamlessRouteRef = { readonly path: string; readonly link: () => string }

export interface RouteOptions<Query extends string> {
  /** Query parameters the link accepts (`/Signin?id=&token=`); empty ones are left out. */
  readonly query?: ReadonlyArray<Query>
  /** Query parameters every link carries (the spec's `/classroom/{name}?at=classRoom`). */
  readonly constantQuery?: Readonly<Record<string, string>>
  /** Turns a param's value into its path segment before it is URL-encoded (e.g. the class-room slug). */
  readonly segment?: (param: string, value: string) => string
}

export const defineRoute = <const Path extends string, const Query extends string = never>(
  path: Path,
  options: RouteOptions<Query> = {},
): RouteRef<Path, Query> => {
  const queryNames: ReadonlyArray<string> = options.query ?? []
  const link = (params: Readonly<Record<string, ParamValue | undefined>> = {}): string => {
    const pathname = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment
        const optional = segment.endsWith('?')
        const name = segment.slice(1, optional ? -1 : undefined)
        const value = params[name]
        if (value === undefined) {
          if (optional) return null
          throw new Error(`The link to ${path} needs its "${name}" param`)
        }
        const text = String(value)
        return encodeURIComponent(options.segment ? options.segment(name, text) : text)
      })
      .filter((segment) => segment !== null)
      .join('/')
    const search = new URLSearchParams()
    for (const name of queryNames) {
      const value = params[name]
      if (value !== undefined && value !== '') search.set(name, String(value))
    }
    for (const [name, value] of Object.entries(options.constantQuery ?? {})) search.set(name, value)
    const text = search.toString()
    return (pathname === '' ? '/' : pathname) + (text === '' ? '' : `?${text}`)
  }
  return { path, link: link as LinkBuilder<Path, Query> }
}
