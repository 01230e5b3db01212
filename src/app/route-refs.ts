import { defineRoute } from '../plugin-host/route-ref.ts'

/**
 * The shared route references: the only routes a feature (or the shell) may link to in ANOTHER
 * feature. Plugins never import each other, so the link target is declared here, in the shell, and
 * the plugin that owns the page binds it: `routes: [{ route: sharedRoutes.classroom, page: ... }]`.
 * (Backstage's external route refs, simplified: Fasl has one app, so the shell declares the ref
 * once instead of each caller declaring its own and the app binding them.) A test checks that every
 * ref here is bound by exactly one plugin of the app (tests/unit/plugin-host.test.ts).
 *
 * Routes only their own feature links to are declared in that feature's folder, not here.
 * The spellings are the spec's (§2); matching is case-insensitive.
 */

/** The spec's naming rule for a class room in a URL: no spaces, `/` becomes `-`. */
export const classRoomSlug = (name: string): string => name.replace(/\s+/g, '').replace(/\//g, '-')

export const sharedRoutes = {
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
  classroom: defineRoute('/classroom/:name', { query: ['id'], constantQuery: { at: 'classRoom' }, segment: (_param, value) => classRoomSlug(value) }),
  /**
   * `/classroom/{slug}/homeworkStudentsList?id=12&homework=34&student=56`: the correction of a class
   * room's homework (the readable name in the path as the class room page has it; the room, the
   * homework and the student being corrected in the query). The class room page links to it.
   */
  homeworkStudentsList: defineRoute('/classroom/:name/homeworkStudentsList', {
    query: ['id', 'homework', 'student'],
    segment: (_param, value) => classRoomSlug(value),
  }),
  settingProfile: defineRoute('/settingProfile'),
} as const

export type SharedRouteName = keyof typeof sharedRoutes
