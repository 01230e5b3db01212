import { randomUUID } from 'node:crypto'
import { webClient } from '../../../contracts/settings.ts'
import type { HomeworkInsert } from '../../../plugins/homework/contract/homework.ts'
import type { Question } from '../../../contracts/questions/question.ts'

/** The API as another device calls it: the envelope's code and data, never thrown. */
export const apiCall = async <T>(
  baseURL: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ code: number; data: T }> => {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const envelope = (await response.json()) as { responseCode: number; responseData: T }
  return { code: envelope.responseCode, data: envelope.responseData }
}

export const tokenOf = async (baseURL: string, account: { email: string; password: string }) =>
  (await apiCall<{ accessToken: string }>(baseURL, 'POST', '/api/Auth/Login', null, { ...account, ...webClient })).data.accessToken

export type ClassRoomRef = { classRoomId: number; name: string; division: string }

/** The class rooms `token`'s teacher teaches, as her home lists them. */
export const classRoomsOf = async (baseURL: string, token: string) =>
  (await apiCall<ClassRoomRef[]>(baseURL, 'GET', '/school/api/ClassRooms/GetTeacherClassRooms', token)).data

/**
 * A homework for a whole class room (the teacher's first unless `room` is given), in its first
 * subject, open from an hour ago and due in `dueInDays` (7 unless given) or `dueInMs`.
 */
export const insertHomework = async (
  baseURL: string,
  teacher: { email: string; password: string },
  homework: {
    title: string
    text: string
    questions: ReadonlyArray<Question>
    type?: HomeworkInsert['type']
    quizMode?: HomeworkInsert['quizMode']
    answersRelease?: HomeworkInsert['answersRelease']
    lateWork?: HomeworkInsert['lateWork']
    room?: ClassRoomRef
    dueInDays?: number
    /** Due this many milliseconds from now instead (a test that waits for the due date to pass). */
    dueInMs?: number
  },
) => {
  const token = await tokenOf(baseURL, teacher)
  const room = homework.room ?? (await classRoomsOf(baseURL, token))[0]!
  const subject = (await apiCall<Array<{ id: number }>>(baseURL, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room.classRoomId}`, token))
    .data[0]!
  const now = Date.now()
  const saved = await apiCall<{ homework: { id: number } }>(baseURL, 'POST', '/school/api/HomeWork/InsertHomeWork', token, {
    classRoomId: room.classRoomId,
    subjectId: subject.id,
    title: homework.title,
    text: homework.text,
    type: homework.type ?? 'homework',
    quizMode: homework.quizMode ?? null,
    ...(homework.answersRelease === undefined ? {} : { answersRelease: homework.answersRelease }),
    ...(homework.lateWork === undefined ? {} : { lateWork: homework.lateWork }),
    questions: homework.questions,
    totalDegree: homework.questions.reduce((sum, question) => sum + question.degree, 0),
    startsAt: new Date(now - 3_600_000).toISOString(),
    dueAt: new Date(now + (homework.dueInMs ?? (homework.dueInDays ?? 7) * 86_400_000)).toISOString(),
    target: { kind: 'class' },
  })
  if (saved.code !== 200) throw new Error(`InsertHomeWork answered ${saved.code}: ${JSON.stringify(saved.data)}`)
  return { homeworkId: saved.data.homework.id, room }
}
