import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** Not in the spec (it describes the teacher's side): a student's own homework and quizzes, and one of them. */
export const myHomeworkRoutes = {
  list: defineRoute('/my-homework'),
  one: defineRoute('/my-homework/:id'),
}
