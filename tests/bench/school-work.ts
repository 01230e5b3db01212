import { randomUUID } from 'node:crypto'
import type { Answer, Question } from '../../contracts/questions/question.ts'
import { webClient } from '../../contracts/settings.ts'
import { scoringBatch } from './scoring-batch.ts'
import { benchPasswords, benchStudentEmail, benchTeacherEmail, roomName, roomsOfTeacher, schoolShape } from './school-seed.ts'

/**
 * Through the server's API, on the school school-seed.ts wrote: every one of the 1,000 accounts
 * signs in; in each class room four of its teachers each set a homework of ten questions (every
 * kind a class answers in writing: choices, true/false, gaps, connect, re-arrange, a paragraph);
 * each student leaves two of her four unopened, opens one and hands one in, with answers of
 * realistic spread (fewer writes would make a thinner correction list; more, a longer seeding). Then
 * what each account reads on a school morning, with its own token and its own ids.
 */
export interface Read {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly token: string
  /** A POST's JSON body. The one measured POST, OpenHomework, is idempotent by nature and goes without a key, as the app sends it. */
  readonly body?: string
  /** A write's Idempotency-Key, fresh for each request as the outbox gives each command its own. */
  readonly idempotencyKey?: string
}

/** The six reads, each a list in round-robin order over the accounts that make it. */
export interface SchoolReads {
  readonly accounts: number
  readonly kinds: ReadonlyArray<{ readonly name: string; readonly reads: ReadonlyArray<Read> }>
}

interface Envelope<T> {
  readonly responseCode: number
  readonly responseData: T
}

export const call = async <T>(url: string, read: Omit<Read, 'token'> & { readonly token: string | null }): Promise<T> => {
  const response = await fetch(`${url}${read.path}`, {
    method: read.method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(read.token === null ? {} : { authorization: `Bearer ${read.token}` }),
      ...(read.method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(read.body === undefined ? {} : { body: read.body }),
  })
  const envelope = (await response.json()) as Envelope<T>
  if (envelope.responseCode !== 200) throw new Error(`${read.path}: ${JSON.stringify(envelope).slice(0, 500)}`)
  return envelope.responseData
}

export const get = <T>(url: string, path: string, token: string) => call<T>(url, { method: 'GET', path, token })
export const post = <T>(url: string, path: string, token: string | null, body: unknown) =>
  call<T>(url, { method: 'POST', path, token, body: JSON.stringify(body) })

/** Runs `work` on every item, `concurrency` at a time. */
export const eachLimited = async <T>(items: ReadonlyArray<T>, concurrency: number, work: (item: T, index: number) => Promise<void>) => {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++
        await work(items[index]!, index)
      }
    }),
  )
}

export interface Session {
  readonly accessToken: string
  readonly refreshToken: string
}

export const signIn = (url: string, email: string, password: string) => post<Session>(url, '/api/Auth/Login', null, { email, password, ...webClient })

/** A fresh access token, as the app gets one when its own nears its end (15 minutes). */
export const refreshed = (url: string, session: Session) =>
  post<Session>(url, '/api/Auth/Refresh', null, { token: session.accessToken, refreshToken: session.refreshToken, ...webClient })

/** Every fifth question of the scoring bench's fifty: ten of every kind a student answers in writing. */
const homeworkOf = (seed: number, students: number) => {
  const batch = scoringBatch(students, seed, 'realistic')
  const questions = batch.questions.filter((_, index) => index % 5 === 0)
  const ids = new Set(questions.map((question) => question.id))
  const answers = batch.submissions.map(
    (submission) => Object.fromEntries(Object.entries(submission.answers).filter(([id]) => ids.has(id))) as Record<string, Answer>,
  )
  return { questions, answers }
}

const homeworkPerRoom = 4
const titles = ['Reading check', 'Weekly practice', 'Before the test', 'Revision sheet']

export const prepareSchoolWork = async (url: string, progress: (message: string) => void = () => undefined): Promise<SchoolReads> => {
  const teachers = Array.from({ length: schoolShape.teachers }, (_, t) => t)
  const students = Array.from({ length: schoolShape.rooms * schoolShape.studentsPerRoom }, (_, s) => s)
  progress('signing 1,000 accounts in')
  const teacherSessions: Session[] = []
  const studentSessions: Session[] = []
  await eachLimited(teachers, 4, async (t) => void (teacherSessions[t] = await signIn(url, benchTeacherEmail(t), benchPasswords.teacher)))
  await eachLimited(students, 4, async (s) => void (studentSessions[s] = await signIn(url, benchStudentEmail(s), benchPasswords.student)))
  let teacherTokens = teacherSessions.map((session) => session.accessToken)
  let studentTokens = studentSessions.map((session) => session.accessToken)

  // Each room as its teachers see it: its id (found by its name), subjects and the teachers who teach it.
  const rooms = Array.from({ length: schoolShape.rooms }, (_, r) => ({
    ...roomName(r),
    id: 0,
    subjects: [] as number[],
    teachers: teachers.filter((t) => roomsOfTeacher(t).includes(r)),
  }))
  await eachLimited(teachers, 4, async (t) => {
    const seen = await get<Array<{ classRoomId: number; name: string; division: string }>>(
      url,
      '/school/api/ClassRooms/GetTeacherClassRooms',
      teacherTokens[t]!,
    )
    for (const r of roomsOfTeacher(t)) rooms[r]!.id = seen.find((room) => room.name === rooms[r]!.name && room.division === rooms[r]!.division)!.classRoomId
  })
  await eachLimited(rooms, 4, async (room) => {
    room.subjects = (
      await get<Array<{ id: number }>>(url, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room.id}`, teacherTokens[room.teachers[0]!]!)
    ).map((subject) => subject.id)
  })

  progress('setting the homework')
  // Four homework to a room, each set by another of its teachers, due on different days.
  const homework: Array<{ room: number; teacher: number; id: number; answers: Array<Record<string, Answer>> }> = []
  const now = Date.now()
  await eachLimited(
    Array.from({ length: schoolShape.rooms * homeworkPerRoom }, (_, i) => i),
    4,
    async (i) => {
      const r = Math.floor(i / homeworkPerRoom)
      const h = i % homeworkPerRoom
      const room = rooms[r]!
      const teacher = room.teachers[h % room.teachers.length]!
      const { questions, answers } = homeworkOf(1000 + i, schoolShape.studentsPerRoom)
      const saved = await post<{ homework: { id: number } }>(url, '/school/api/HomeWork/InsertHomeWork', teacherTokens[teacher]!, {
        classRoomId: room.id,
        subjectId: room.subjects[h % room.subjects.length],
        title: `${titles[h]} ${r + 1}`,
        text: `${titles[h]} for the class: ten questions of every kind, to be answered before the due date, number ${i + 1}.`,
        type: 'homework',
        questions,
        totalDegree: questions.reduce((sum: number, question: Question) => sum + question.degree, 0),
        startsAt: new Date(now - 86_400_000).toISOString(),
        dueAt: new Date(now + (h + 2) * 86_400_000).toISOString(),
        target: { kind: 'class' },
      })
      homework[i] = { room: r, teacher, id: saved.homework.id, answers }
    },
  )

  progress('students opening and handing in')
  // Each student: of her room's four, two left unopened, one opened, one handed in (which, by her seat).
  const opened: number[][] = students.map(() => [])
  await eachLimited(students, 6, async (s) => {
    const r = Math.floor(s / schoolShape.studentsPerRoom)
    const seat = s % schoolShape.studentsPerRoom
    for (let h = 0; h < homeworkPerRoom; h++) {
      const state = (seat + h) % homeworkPerRoom
      if (state === 0 || state === 3) continue
      const work = homework[r * homeworkPerRoom + h]!
      const token = studentTokens[s]!
      const open = await post<{ version: number | null }>(url, '/school/api/Student/OpenHomework', token, { homeworkId: work.id })
      opened[s]!.push(work.id)
      if (state === 2) await post(url, '/school/api/Student/SubmitHomework', token, { homeworkId: work.id, version: open.version, answers: work.answers[seat] })
    }
  })

  // Seeding a school takes minutes on a busy machine: every account's token is renewed before the reads.
  progress('renewing the tokens')
  await eachLimited(teachers, 4, async (t) => void (teacherSessions[t] = await refreshed(url, teacherSessions[t]!)))
  await eachLimited(students, 4, async (s) => void (studentSessions[s] = await refreshed(url, studentSessions[s]!)))
  teacherTokens = teacherSessions.map((session) => session.accessToken)
  studentTokens = studentSessions.map((session) => session.accessToken)

  // The reads, in round-robin order over the accounts: the k-th pass takes each account's k-th id.
  const roundRobin = <T>(count: number, itemsOf: (account: number) => ReadonlyArray<T>, read: (account: number, item: T) => Read): Read[] => {
    const lists = Array.from({ length: count }, (_, a) => itemsOf(a))
    const passes = Math.max(...lists.map((list) => list.length))
    return Array.from({ length: passes }, (_, k) => lists.flatMap((list, a) => (list.length === 0 ? [] : [read(a, list[k % list.length]!)]))).flat()
  }
  const teacherRooms = (t: number) => roomsOfTeacher(t).map((r) => rooms[r]!.id)
  const teacherHomework = (t: number) => homework.filter((work) => roomsOfTeacher(t).includes(work.room)).map((work) => work.id)
  const teacherGet = (t: number, path: string): Read => ({ method: 'GET', path, token: teacherTokens[t]! })
  const kinds = [
    {
      name: 'class rooms',
      reads: roundRobin(
        teachers.length,
        () => [0],
        (t) => teacherGet(t, '/school/api/ClassRooms/GetTeacherClassRooms'),
      ),
    },
    {
      name: 'subjects',
      reads: roundRobin(teachers.length, teacherRooms, (t, id) => teacherGet(t, `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${id}`)),
    },
    {
      name: "a room's homework",
      reads: roundRobin(teachers.length, teacherRooms, (t, id) => teacherGet(t, `/school/api/HomeWork/GetClassRoomHomeworks?ClassRoomID=${id}`)),
    },
    {
      name: 'correction list',
      reads: roundRobin(teachers.length, teacherHomework, (t, id) => teacherGet(t, `/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${id}`)),
    },
    {
      name: "a student's homework list",
      reads: roundRobin(
        students.length,
        () => [0],
        (s): Read => ({ method: 'GET', path: '/school/api/Student/GetMyHomeworks', token: studentTokens[s]! }),
      ),
    },
    {
      name: 'her own homework',
      reads: roundRobin(
        students.length,
        (s) => opened[s]!,
        (s, id): Read => ({ method: 'POST', path: '/school/api/Student/OpenHomework', token: studentTokens[s]!, body: JSON.stringify({ homeworkId: id }) }),
      ),
    },
  ]
  progress('checking every read')
  // Every read answers 200 with rows before anything is timed (the first thousand of each kind: every account's first).
  for (const kind of kinds)
    await eachLimited(kind.reads.slice(0, 1000), 4, async (read) => {
      const data = await call<unknown>(url, read)
      if (Array.isArray(data) ? data.length === 0 : data === null) throw new Error(`${read.path}: no rows`)
    })
  return { accounts: teachers.length + students.length, kinds }
}
