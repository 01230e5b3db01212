import { classRoomSlug } from '../../src/app/route-refs.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** The class room page itself is shared (home and the floating button open it): src/app/route-refs.ts. */
export const classroomRoutes = {
  homeworkStudentsList: defineRoute('/classroom/:name/homeworkStudentsList', { segment: (_param, value) => classRoomSlug(value) }),
}
