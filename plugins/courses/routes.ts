import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** The spec names /courses; the create, detail and edit pages live under it. */
export const courseRoutes = {
  list: defineRoute('/courses'),
  create: defineRoute('/courses/create'),
  detail: defineRoute('/courses/details/:id'),
  edit: defineRoute('/courses/edit/:id'),
}
