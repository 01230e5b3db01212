/**
 * The domain events homework records (server/events/domain-events.ts), for a notifications or live
 * feature to subscribe to without homework naming it. Each payload is the type's, never edited once
 * published: a change is a new version (`v2.…`). Recipients are user ids of the event's school.
 */
export const homeworkDomainEventTypes = {
  /** A homework or quiz reaches its students: occurs at its start (release) time; recipients are its students with accounts. */
  published: 'v1.homework.published',
  /** A student's work was marked corrected: her grade is hers to see. Recipient: the student. */
  gradesReturned: 'v1.homework.gradesReturned',
  /** A private comment on one student's work: recipients are the thread's other readers (the student, the class room's teachers), never its author. */
  privateCommentPosted: 'v1.homework.privateCommentPosted',
} as const

export interface HomeworkPublished {
  readonly homeworkId: number
  readonly classRoomId: number
  readonly title: string
  readonly type: 'homework' | 'quiz'
  readonly startsAt: string
  readonly dueAt: string
}

export interface GradesReturned {
  readonly homeworkId: number
  readonly studentId: number
  readonly title: string
  readonly grade: number
  readonly totalDegree: number
}

export interface PrivateCommentPosted {
  readonly homeworkId: number
  readonly studentId: number
  readonly commentId: number
  readonly fromStudent: boolean
}

/** A homework's subject key: its pending publication is replaced when it is edited, withdrawn when it is deleted. */
export const homeworkSubject = (homeworkId: number) => `homework:${homeworkId}`
/** One student's work on a homework. */
export const workSubject = (homeworkId: number, studentId: number) => `homework:${homeworkId}:student:${studentId}`
