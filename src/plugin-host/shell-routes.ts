import { defineRoute } from './route-ref.ts'

/**
 * The routes the shell itself goes to: the guard's redirects (sign-in, 401), the session's (timed
 * out), the frame's links (home, the user chip's profile settings, the class-room button's room). The
 * shell declares what it needs and names no feature: the plugin whose page answers one binds it in
 * its manifest (`routes: [{ route: shellRoutes.signIn, page }]`), as Backstage's external route refs
 * are bound; a test checks each is bound by exactly one plugin (tests/unit/plugin-host.test.ts).
 *
 * A route another FEATURE links to is declared by the feature that owns it and exported from its
 * `plugins/<id>/public.ts`; one only its own feature links to stays in its folder (`routes.ts`).
 * The spellings are the spec's (§2); matching is case-insensitive.
 */

/** The spec's naming rule for a class room in a URL: no spaces, `/` becomes `-`. */
export const classRoomSlug = (name: string): string => name.replace(/\s+/g, '').replace(/\//g, '-')

export const shellRoutes = {
  home: defineRoute('/'),
  /** `?id=&token=`: the single-use sign-in link an admin issues. */
  signIn: defineRoute('/Signin', { query: ['id', 'token'] }),
  timedOut: defineRoute('/timed-out'),
  unauthorized: defineRoute('/Error401'),
  /**
   * `/classroom/{slug}?at=classRoom&id=12`: the spec's readable name (name and division, "Grade4-A")
   * stays in the path; the room's id in the query is what opens it in a new tab, in the other
   * language or from a bookmark. Subjects still travel in history state (see ClassRoomState).
   */
  classRoom: defineRoute('/classroom/:name', { query: ['id'], constantQuery: { at: 'classRoom' }, segment: (_param, value) => classRoomSlug(value) }),
  settingProfile: defineRoute('/settingProfile'),
} as const
