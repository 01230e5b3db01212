import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../../classroom/contract/class-room.ts'
import type { CorrectorCandidate } from '../contract/exam-views.ts'
import { classRoomSubjectsRead, loadClassRooms } from '../../classroom/public.ts'
import { callApi } from '../../../src/api/client.ts'

/** A grade (educational stage) the teacher teaches in, with its id as the exams know it. */
export interface StageOption {
  readonly id: number
  readonly name: string
}

/** What the builder offers: her class rooms with their grade and subjects, the grades, the teachers who may correct. */
export interface BuilderOptions {
  readonly rooms: ReadonlyArray<ClassRoom & { readonly stageId: number | null; readonly subjects: ReadonlyArray<Subject> }>
  readonly stages: ReadonlyArray<StageOption>
  readonly candidates: ReadonlyArray<CorrectorCandidate>
}

/** The builder's choices: her class rooms with their subjects, and from the server the grades they belong to and the teachers who may correct. */
export const loadBuilderOptions = async (): Promise<BuilderOptions> => {
  const [rooms, options] = await Promise.all([loadClassRooms(), callApi((c) => c.examBuilderOptions.examBuilderOptions({}))])
  const subjects = await Promise.all(rooms.map((room) => classRoomSubjectsRead(room.classRoomId).load()))
  const stageOf = (classRoomId: number) => options.stages.find((stage) => stage.classRoomIds.includes(classRoomId))?.id ?? null
  return {
    rooms: rooms.map((room, index) => ({ ...room, stageId: stageOf(room.classRoomId), subjects: subjects[index]! })),
    stages: options.stages.map(({ id, name }) => ({ id, name })),
    candidates: options.candidates,
  }
}

/** The subjects taught in the grade's class rooms (each once). */
export const subjectsOfStage = (options: BuilderOptions, stageId: string): ReadonlyArray<Subject> => {
  const seen = new Map<number, Subject>()
  for (const room of options.rooms) if (String(room.stageId) === stageId) for (const subject of room.subjects) seen.set(subject.id, subject)
  return [...seen.values()]
}

/** The grade's class rooms that have the subject. */
export const roomsOf = (options: BuilderOptions, stageId: string, subjectId: string) =>
  options.rooms.filter((room) => String(room.stageId) === stageId && room.subjects.some((subject) => String(subject.id) === subjectId))
