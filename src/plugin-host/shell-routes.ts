import { defineRoute } from './route-ref.ts'

/**
 * The routes the shell itself goes to: the guard's redirects (sign-in, 401), the session's (timed
 * out), the frame's link home. The shell declares what it needs and names no feature: the plugin
 * whose page answers one binds it in its manifest (`routes: [{ route: shellRoutes.signIn, page }]`), as Backstage's external route refs
 * are bound; a test checks each is bound by exactly one plugin (tests/unit/plugin-host.test.ts).
 *
 * A route another FEATURE links to is declared by the feature that owns it and exported from its
 * `plugins/<id>/public.ts`; one only its own feature links to stays in its folder (`routes.ts`).
 * The spellings are the spec's (§2); matching is case-insensitive.
 */

export const shellRoutes = {
  home: defineRoute('/'),
  /** `?id=&token=`: the single-use sign-in link an admin issues. */
  signIn: defineRoute('/Signin', { query: ['id', 'token'] }),
  timedOut: defineRoute('/timed-out'),
  unauthorized: defineRoute('/Error401'),
} as const
