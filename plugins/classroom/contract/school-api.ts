import { Schema } from 'effect'
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from 'effect/http-api'
import { ClassRoom, Subject } from '../../../contracts/entities.ts'
import { IdFromString } from '../../../contracts/fields.ts'
import { ApiForbidden, ApiNotFound, ApiUnauthorized, Envelope } from '../../../contracts/envelope.ts'
import { Authentication } from '../../../contracts/api/authentication.ts'
import { allow, requireRole } from '../../../contracts/api/authorization.ts'

/** Class rooms and subjects (school service). */
export class SchoolGroup extends HttpApiGroup.make('school')
  .add(
    HttpApiEndpoint.get('getTeacherClassRooms', '/ClassRooms/GetTeacherClassRooms', {
      success: Envelope(Schema.Array(ClassRoom)),
      error: [ApiUnauthorized, ApiForbidden],
    }),
    HttpApiEndpoint.get('getClassRoomSubjects', '/Subjects/GetClassRoomSubjects', {
      query: { ClassRoomID: IdFromString },
      success: Envelope(Schema.Array(Subject)),
      error: [ApiUnauthorized, ApiForbidden, ApiNotFound],
    }),
  )
  .middleware(Authentication)
  .prefix('/school/api')
  .annotateMerge(allow('Teacher'))
  // The class-room pages are Home's; the Assignments page lists the class rooms too.
  .annotateMerge(requireRole('Home', 'Assignments'))
  .annotateMerge(OpenApi.annotations({ title: 'School', description: "The teacher's class rooms and their subjects" })) {}
