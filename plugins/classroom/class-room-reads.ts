import type { Subject } from '../../contracts/entities.ts'
import type { ClassRoom, ClassRoomStudent } from './contract/class-room.ts'
import type { CallOptions } from '../../src/api/client.ts'

/**
 * What other features read of the class rooms (through public.ts): the reads' resource keys and
 * their calls. public.ts loads with every manifest, so with the sign-in page: the calls themselves
 * (class-rooms.ts) load when first made, not with it.
 */
const calls = () => import('./class-rooms.ts')

/** The teacher's class rooms (names in the request's language). */
export const loadClassRooms = (): Promise<ReadonlyArray<ClassRoom>> => calls().then((c) => c.loadClassRooms())

/** The signed-in teacher's class rooms as one read (its resource key and call), for `useRead`. */
export const classRoomsRead = { key: ['classRooms'], load: loadClassRooms } as const

/** The subjects taught in a class room (names in the request's language), as one read: where homework is copied to. */
export const classRoomSubjectsRead = (classRoomId: number) =>
  ({ key: ['classRoomSubjects', classRoomId], load: (): Promise<ReadonlyArray<Subject>> => calls().then((c) => c.fetchSubjects(classRoomId)) }) as const

/** A class room's students: the class list, the homework target and the correction roster read it under one resource key. */
export const classRoomStudentsKey = (classRoomId: number) => ['classRoomStudents', classRoomId] as const
export const fetchClassRoomStudents = (classRoomId: number, options?: CallOptions): Promise<ReadonlyArray<ClassRoomStudent>> =>
  calls().then((c) => c.fetchClassRoomStudents(classRoomId, options))

/** Loads the room's subjects, then opens the class room page with its id and subjects in history state. */
export const openClassRoom = (classRoom: ClassRoom, options: { replace?: boolean } = {}): Promise<void> =>
  calls().then((c) => c.openClassRoom(classRoom, options))
