import type { Chapter, SemesterOption, Topic } from '../../contract/chapters-api.ts'
import { callApi } from '../../../../src/api/client.ts'

/** The chapters calls (plugins/classroom/contract/chapters-api.ts), each direct: the teacher waits for the answer, which lands on the field when refused. */
export const loadSemesters = (classRoomId: number): Promise<ReadonlyArray<SemesterOption>> =>
  callApi((c) => c.chapters.configuredSemesters({ query: { ClassRoomID: classRoomId } }))
export const loadChapters = (subjectId: number, semesterId: number): Promise<ReadonlyArray<Chapter>> =>
  callApi((c) => c.chapters.listChapters({ query: { SubjectID: subjectId, SemesterID: semesterId } }))
export const loadTopics = (chapterId: number): Promise<ReadonlyArray<Topic>> => callApi((c) => c.chapters.listTopics({ query: { ChapterID: chapterId } }))

const key = () => crypto.randomUUID()

export const createChapter = (subjectId: number, semesterId: number, name: string): Promise<Chapter> =>
  callApi((c) => c.chapters.createChapter({ payload: { subjectId, semesterId, name } }), { idempotencyKey: key() })
export const renameChapter = (id: number, name: string): Promise<Chapter> =>
  callApi((c) => c.chapters.updateChapter({ payload: { id, name } }), { idempotencyKey: key() })
export const deleteChapter = (id: number): Promise<null> => callApi((c) => c.chapters.deleteChapter({ payload: { id } }), { idempotencyKey: key() })
export const createTopic = (chapterId: number, name: string): Promise<Topic> =>
  callApi((c) => c.chapters.createTopic({ payload: { chapterId, name } }), { idempotencyKey: key() })
export const renameTopic = (id: number, name: string): Promise<Topic> =>
  callApi((c) => c.chapters.updateTopic({ payload: { id, name } }), { idempotencyKey: key() })
export const deleteTopic = (id: number): Promise<null> => callApi((c) => c.chapters.deleteTopic({ payload: { id } }), { idempotencyKey: key() })

/** Today's semester (UTC, as the server reckons it), else the first one. */
export const currentSemester = (semesters: ReadonlyArray<SemesterOption>, today = new Date().toISOString().slice(0, 10)): SemesterOption | undefined =>
  semesters.find((semester) => semester.startsOn <= today && today <= semester.endsOn) ?? semesters[0]
