import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** `/assignments`: the teacher's homework and quizzes across her class rooms (not in the spec's route list; the side bar's "Assignments"). */
export const assignmentsRoute = defineRoute('/assignments')

/** The class room tab this feature fills (its `?at=` value): the correction page's "Back" opens it. */
export const homeworkTab = 'homework'
