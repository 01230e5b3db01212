import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { Subject } from '../../../contracts/entities.ts'
import { ClassRoom } from './class-room.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { Envelope } from '../../../contracts/envelope.ts'
import { failures, Forbidden, NotFound, Unauthorized } from '../../../contracts/failures.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'

/** Class rooms and subjects (school service). */
export class SchoolGroup extends HttpApiGroup.make('school')
  .add(
    HttpApiEndpoint.get('getTeacherClassRooms', '/ClassRooms/GetTeacherClassRooms', {
      success: Envelope(Schema.Array(ClassRoom)),
      error: failures(Unauthorized, Forbidden),
    }),
    HttpApiEndpoint.get('getClassRoomSubjects', '/Subjects/GetClassRoomSubjects', {
      query: { ClassRoomID: IdFromString },
      success: Envelope(Schema.Array(Subject)),
      error: failures(Unauthorized, Forbidden, NotFound),
    }),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  // The class-room pages are Home's; the Assignments page lists the class rooms too.
  .annotateMerge(requireRole('Home', 'Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'School', description: "The teacher's class rooms and their subjects" })) {}
