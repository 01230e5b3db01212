import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import type { Answer } from '../../contracts/questions/question.ts'
import { createScratchDatabase } from '../support/scratch-database.ts'
import { startServerProcess, type RunningServer } from '../support/server-process.ts'
import { examPaper, buildAssignedExam, openWindow, saveExamAnswers, seatStudents, supervisorAccount, type SeatedStudent } from './exam-sitting.ts'
import { round, type Round } from './measure-reads.ts'
import { pacedRound } from './paced-round.ts'
import { percentile } from './percentile.ts'
import { postgresServer, progress, startBareHttp } from './school-reads.ts'
import { benchPasswords, benchStudentEmail, benchTeacherEmail, roomsOfTeacher, schoolShape, seedSchoolPostgres } from './school-seed.ts'
import { eachLimited, get, refreshed, signIn, type Read, type Session } from './school-work.ts'

/**
 * The take-exam save bench, on PostgreSQL: the read bench's school (school-seed.ts, 1,000 accounts),
 * where eight teachers each give one 50-question exam to her four class rooms (960 students), built,
 * approved and assigned through the exam service's calls; every student signs in, reads her list and
 * opens her own link on her own device. Then N students answer at once, each at her own pace: a
 * random pause of two seconds on average, then her next save through SaveExamAnswers with a fresh
 * Idempotency-Key, her answers so far in her own question order (one more each save, from one to all
 * she answers and round again: on average a half-full sheet of choices, gaps, pairs, orders and
 * paragraphs), its answer awaited before her next pause (the outbox sends a device's commands one
 * after another). The page saves 700 ms after her last change, so a save every two seconds is a
 * student answering a question every two seconds, all 200 of them at once: harsher than a real room.
 * The bare node:http answer (bare-http.ts) is flooded by as many connections in turns with the app,
 * for the ceiling; and for the record, the same students also save back to back (each the moment
 * her last save is answered), which tells how many saves a second the server takes at most.
 */
export const examSaveTargets = { students: 200, p99Ms: 50, capacityP99Ms: 100, meanGapMs: 2000 } as const

/** Teachers 1 to 8: their rooms (4t to 4t + 3) are every room of the school, each once. */
const teachersWithExams = schoolShape.rooms / schoolShape.roomsPerTeacher
/** The student counts the capacity tries, in order, until one misses 100 ms p99. */
const capacitySteps = [100, 200, 300, 400, 500, 600, 800, 960] as const

export interface SaveRound {
  readonly students: number
  readonly ceiling: Round
  readonly app: Round
}

export interface ExamSaveResult {
  readonly students: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly savesPerSecond: number
  readonly ceilingPerSecond: number
  readonly errors: number
  readonly non2xx: number
  /** The same students saving back to back: the most saves a second, and how long each then waits. */
  readonly flood: { readonly savesPerSecond: number; readonly p50Ms: number; readonly p99Ms: number; readonly failed: number }
  /** The capacity's steps, each a ceiling round then an app round of that many students. */
  readonly steps: ReadonlyArray<{
    readonly students: number
    readonly p99Ms: number
    readonly p50Ms: number
    readonly savesPerSecond: number
    readonly ceilingPerSecond: number
    readonly failed: number
  }>
  readonly capacity: number
}

/** Each student's next save (`nextOf(her index)`): her k-th holds her first k answers (in her order), round again after the last. */
const saveStreams = (students: ReadonlyArray<SeatedStudent>, sheets: ReadonlyArray<Readonly<Record<string, Answer>>>, count: number) => {
  const parts = students.slice(0, count).map((student, index) => {
    const sheet = sheets[index]!
    const entries = student.questionIds.filter((id) => Object.hasOwn(sheet, id)).map((id) => `${JSON.stringify(id)}:${JSON.stringify(sheet[id])}`)
    const ids = student.questionIds.filter((id) => Object.hasOwn(sheet, id))
    return { student, entries, ids, prefix: `{"token":${JSON.stringify(student.link)},"deviceKey":${JSON.stringify(student.deviceKey)},"answers":{` }
  })
  const steps = parts.map(() => 0)
  const nextOf = (index: number): Read => {
    const part = parts[index]!
    const answered = (steps[index]! % part.entries.length) + 1
    steps[index]! += 1
    // Every ninth question she has answered is marked for review.
    const marked = part.ids.slice(0, answered).filter((_, k) => k % 9 === 8)
    const body = `${part.prefix}${part.entries.slice(0, answered).join(',')}},"markedForReview":${JSON.stringify(marked)},"givenAt":"${new Date().toISOString()}"}`
    return { method: 'POST', path: '/exam/api/Sessions/SaveExamAnswers', token: part.student.token, body, idempotencyKey: randomUUID() }
  }
  let turn = 0
  /** The students in turn, for a flood whose connections take whichever request comes next. */
  const next = () => nextOf(turn++ % parts.length)
  return { nextOf, next }
}

/** The school's exams set and every one of its 960 students seated at hers. */
const seatSchool = async (url: string) => {
  const teachers = Array.from({ length: teachersWithExams }, (_, t) => t)
  const studentCount = teachersWithExams * schoolShape.roomsPerTeacher * schoolShape.studentsPerRoom
  progress(`exam save: signing ${teachers.length} teachers, the supervisor and ${studentCount} students in`)
  const supervisor = (await signIn(url, supervisorAccount.email, supervisorAccount.password)).accessToken
  const teacherTokens: string[] = []
  await eachLimited(teachers, 4, async (t) => void (teacherTokens[t] = (await signIn(url, benchTeacherEmail(t), benchPasswords.teacher)).accessToken))
  const sessions: Session[] = []
  await eachLimited(
    Array.from({ length: studentCount }, (_, s) => s),
    4,
    async (s) => void (sessions[s] = await signIn(url, benchStudentEmail(s), benchPasswords.student)),
  )
  const studentTokens = sessions.map((session) => session.accessToken)
  progress('exam save: the teachers build their exams, the supervisor approves them')
  const paper = examPaper(studentCount, 20261127)
  const window = openWindow(Date.now(), 180)
  const examIds: number[] = []
  for (const t of teachers) {
    const rooms = await get<Array<{ classRoomId: number }>>(url, '/school/api/ClassRooms/GetTeacherClassRooms', teacherTokens[t]!)
    if (rooms.length !== roomsOfTeacher(t).length) throw new Error(`teacher ${t + 1} teaches ${rooms.length} rooms`)
    examIds[t] = await buildAssignedExam(url, teacherTokens[t]!, supervisor, {
      title: `Monthly exam, Grade ${t + 1}`,
      questions: paper.questions,
      classRoomIds: rooms.map((room) => room.classRoomId),
      ...window,
    })
  }
  progress('exam save: every student opens her link')
  // School-seed's students sit in room order and teacher t teaches rooms 4t to 4t + 3.
  const perTeacher = schoolShape.roomsPerTeacher * schoolShape.studentsPerRoom
  const seated = await seatStudents(url, studentTokens, (s) => examIds[Math.floor(s / perTeacher)]!)
  // Spread the sittings so consecutive students (the stream's neighbours) sit different exams.
  const order = Array.from({ length: studentCount }, (_, s) => (s % teachersWithExams) * perTeacher + Math.floor(s / teachersWithExams))
  return { students: order.map((s) => seated[s]!), sessions: order.map((s) => sessions[s]!), sheets: order.map((s) => paper.answers[s]!) }
}

const median = (values: ReadonlyArray<number>) => percentile(values, 50)

/** The ceiling's round (a flood of `students` connections), then the app's: `students` students saving at their pace. */
const pair = async (appUrl: string, ceilingUrl: string, streams: ReturnType<typeof saveStreams>, students: number, seconds: number): Promise<SaveRound> => {
  const ceiling = await round(ceilingUrl, streams.next, students, seconds)
  const app = await pacedRound(appUrl, streams.nextOf, students, examSaveTargets.meanGapMs, seconds)
  return { students, ceiling, app }
}

const measureSaves = async (server: RunningServer, databaseUrl: string, ceilingUrl: string, seconds: number): Promise<ExamSaveResult> => {
  const school = await seatSchool(server.url)
  const { sheets } = school
  // Seating a school takes minutes on a busy machine: every student's token is renewed before timing, as her page does when it nears its end (15 minutes).
  progress("exam save: renewing the students' tokens")
  const students: SeatedStudent[] = []
  await eachLimited(school.students, 4, async (student, index) => {
    students[index] = { ...student, token: (await refreshed(server.url, school.sessions[index]!)).accessToken }
  })
  progress('exam save: every student saves once (checked) before timing')
  await eachLimited(students, 4, async (student, index) => {
    const first = Object.entries(sheets[index]!).slice(0, 1)
    await saveExamAnswers(server.url, student, Object.fromEntries(first), [])
  })
  // A school's PostgreSQL keeps its statistics with autovacuum; this machine's runs with it off.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  await sql.unsafe('ANALYZE').finally(() => sql.end())
  progress(`exam save: ${examSaveTargets.students} students answering at once, in turns with the ceiling`)
  const streams = saveStreams(students, sheets, examSaveTargets.students)
  await pair(server.url, ceilingUrl, streams, examSaveTargets.students, 2)
  const rounds: SaveRound[] = []
  for (let index = 0; index < 3; index++) rounds.push(await pair(server.url, ceilingUrl, streams, examSaveTargets.students, seconds))
  const latencies = rounds.flatMap((one) => one.app.latencies)
  progress('exam save: the same students saving back to back')
  const flooded = await round(server.url, streams.next, examSaveTargets.students, seconds)
  const flood = {
    savesPerSecond: flooded.requestsPerSecond,
    p50Ms: percentile(flooded.latencies, 50),
    p99Ms: percentile(flooded.latencies, 99),
    failed: flooded.errors + flooded.non2xx,
  }
  // The flood's last answers come after its end: the next round starts once they are all in.
  await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, flood.p99Ms * 2)))
  progress('exam save: capacity, student counts in turn until one misses 100 ms p99')
  const steps: Array<ExamSaveResult['steps'][number]> = []
  for (const count of capacitySteps.filter((step) => step <= students.length)) {
    const measured = await pair(server.url, ceilingUrl, saveStreams(students, sheets, count), count, Math.max(4, Math.round(seconds * 0.8)))
    const p99 = percentile(measured.app.latencies, 99)
    const failed = measured.app.errors + measured.app.non2xx
    steps.push({
      students: count,
      p99Ms: p99,
      p50Ms: percentile(measured.app.latencies, 50),
      savesPerSecond: measured.app.requestsPerSecond,
      ceilingPerSecond: measured.ceiling.requestsPerSecond,
      failed,
    })
    if (!(p99 < examSaveTargets.capacityP99Ms) || failed > 0) break
  }
  const passing = steps.filter((step) => step.p99Ms < examSaveTargets.capacityP99Ms && step.failed === 0)
  return {
    students: examSaveTargets.students,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    savesPerSecond: median(rounds.map((one) => one.app.requestsPerSecond)),
    ceilingPerSecond: median(rounds.map((one) => one.ceiling.requestsPerSecond)),
    errors: rounds.reduce((sum, one) => sum + one.app.errors, 0),
    non2xx: rounds.reduce((sum, one) => sum + one.app.non2xx, 0),
    flood,
    steps,
    capacity: passing.length === 0 ? 0 : passing[passing.length - 1]!.students,
  }
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US')

/**
 * The section's lines, the two the bars read last: `exam save: 200 students, p50 A ms, p99 B ms
 * (ceiling C req/s)` and `exam capacity: N students under 100 ms p99`. Null without PostgreSQL.
 */
export const examSaveLines = async (serverEnv: Record<string, string>, seconds: number): Promise<{ details: string[]; bars: string[] } | null> => {
  const base = await postgresServer()
  if (base === null) return null
  const roundSeconds = Math.max(2, Math.round(seconds / 2))
  const ceiling = await startBareHttp()
  const scratch = await createScratchDatabase(base, 'fasl_bench_exam')
  try {
    progress('exam save: seeding the school on PostgreSQL')
    await seedSchoolPostgres(scratch.url)
    const server = await startServerProcess({ ...serverEnv, DATABASE_URL: scratch.url, FASL_SEED: 'none' })
    try {
      const result = await measureSaves(server, scratch.url, ceiling.url, roundSeconds)
      const ok = result.p99Ms <= examSaveTargets.p99Ms && result.errors + result.non2xx === 0
      const steps = result.steps
        .map(
          (step) =>
            `${step.students}: p99 ${step.p99Ms.toFixed(0)} ms, ${whole(step.savesPerSecond)} saves/s (ceiling ${whole(step.ceilingPerSecond)})${step.failed > 0 ? `, ${step.failed} failed` : ''}`,
        )
        .join('; ')
      return {
        details: [
          `${ok ? '✓' : '✗'} exam answer saves, PostgreSQL, ${result.students} students at once, a save every ${examSaveTargets.meanGapMs / 1000} s each on average  ${whole(result.savesPerSecond)} saves/s; ${result.errors} errors, ${result.non2xx} non-2xx  (target p99 ≤ ${examSaveTargets.p99Ms} ms; 3 rounds of ${roundSeconds} s in turns with the ceiling)`,
          `  back to back (each student's next save the moment her last is answered): ${whole(result.flood.savesPerSecond)} saves/s = ${(result.flood.savesPerSecond / result.ceilingPerSecond).toFixed(3)} of the ceiling, p50 ${result.flood.p50Ms.toFixed(0)} ms, p99 ${result.flood.p99Ms.toFixed(0)} ms${result.flood.failed > 0 ? `, ${result.flood.failed} failed` : ''}`,
          `  capacity steps (ceiling round, then app round, each): ${steps}`,
        ],
        bars: [
          `exam save: ${result.students} students, p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms (ceiling ${whole(result.ceilingPerSecond)} req/s)`,
          `exam capacity: ${result.capacity} students under ${examSaveTargets.capacityP99Ms} ms p99`,
        ],
      }
    } finally {
      await server.stop()
    }
  } finally {
    ceiling.stop()
    await scratch.drop()
  }
}
