import { defineRoute } from '../../src/plugin-host/route-ref.ts'

export const examRoutes = {
  list: defineRoute('/exams'),
  create: defineRoute('/exams/create'),
  edit: defineRoute('/exams/edit/:id'),
  sessions: defineRoute('/exams/sessions'),
  correct: defineRoute('/exams/sessions/examcorrect/:id'),
}
