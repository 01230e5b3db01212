import { defineRoute } from '../../src/plugin-host/route-ref.ts'

export const examRoutes = {
  list: defineRoute('/exams'),
  create: defineRoute('/exams/create'),
  edit: defineRoute('/exams/edit/:id'),
  /** Not in the spec: one exam's facts, target, correctors and decisions, for its author, its correctors and the supervising corrector. */
  details: defineRoute('/exams/details/:id'),
  sessions: defineRoute('/exams/sessions'),
  correct: defineRoute('/exams/sessions/examcorrect/:id'),
  /** Not in the spec (it describes the teacher's side): a student's own exams, each with its start link. */
  mine: defineRoute('/exams/mine'),
  /** The spec's "Exams: results (latest, archive)": the teacher's results list and one exam's results. */
  resultsList: defineRoute('/exams/results'),
  results: defineRoute('/exams/results/:id'),
  /** Not in the spec: a student's own published results (linked from /exams/mine). */
  myResults: defineRoute('/exams/mine/results'),
  /** A student's single-use link to her attempt. */
  take: defineRoute('/exams/take/:token'),
  /** Not in the spec (issue 22): a school admin's exam settings, the offline grace period. */
  settings: defineRoute('/exams/settings'),
}
