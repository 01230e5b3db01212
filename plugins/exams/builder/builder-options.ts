import type { Subject } from '../../../contracts/entities.ts'
import type { ClassRoom } from '../../classroom/contract/class-room.ts'
import type { CorrectorCandidate, ExamSummary } from '../contract/exam-views.ts'
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

const allExams = async (): Promise<ReadonlyArray<ExamSummary>> => {
  const tabs = await Promise.all(
    (['upcoming', 'underCorrection', 'previous'] as const).map((tab) => callApi((c) => c.exams.teacherExams({ payload: { tab } }))),
  )
  const corrected = await callApi((c) => c.exams.correctorExams({ payload: {} }))
  return [...tabs.flat(), ...corrected]
}

/**
 * The builder's choices. No read gives a grade's id nor the teachers who may correct a new exam:
 * the grades' ids come from the exams she has (the lists name each exam's grade as her class rooms
 * do, in the same language), the candidates from GetExamCorrectorsForEdit of the exam being edited
 * or, for a new one, of one of hers. Without any exam yet she can name only herself (`self`).
 */
export const loadBuilderOptions = async (examId: number | null, self: CorrectorCandidate): Promise<BuilderOptions> => {
  const [rooms, exams] = await Promise.all([loadClassRooms(), allExams()])
  const stageIds = new Map(exams.map((exam) => [exam.stageName, exam.stageId]))
  const subjects = await Promise.all(rooms.map((room) => classRoomSubjectsRead(room.classRoomId).load()))
  const source = examId ?? exams.find((exam) => exam.teacherId === self.id)?.id ?? null
  const candidates = source === null ? [self] : (await callApi((c) => c.examBuilder.examCorrectorsForEdit({ query: { ExamID: source } }))).candidates
  const withStage = rooms.map((room, index) => ({ ...room, stageId: stageIds.get(room.educationalStage) ?? null, subjects: subjects[index]! }))
  const stages = [...new Map(withStage.flatMap((room) => (room.stageId === null ? [] : [[room.stageId, room.educationalStage] as const]))).entries()]
  return {
    rooms: withStage,
    stages: stages.map(([id, name]) => ({ id, name })),
    candidates: candidates.some((candidate) => candidate.id === self.id) ? candidates : [self, ...candidates],
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
