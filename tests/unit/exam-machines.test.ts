import { describe, expect, it } from 'vitest'
import { holdsShare, mayRemoveCorrector, type CorrectorStatus } from '../../machines/exam-corrector.machine.ts'
import { examLifecycleContext, examStatuses, mayDelete, mayEdit, questionsLocked } from '../../machines/exam-lifecycle.machine.ts'
import { remainingMs, unansweredKeys } from '../../machines/take-exam.machine.ts'

/**
 * The exam machines' exported helpers (machines/exam-*.machine.ts, take-exam.machine.ts). The machines'
 * moves are walked against the real server and page by their generated-path tests (tests/mutants/run.ts).
 */
const beforeAssignment = ['draft', 'waitingForApproval', 'requiredEdit', 'rejected', 'approved']
const fromAssignment = ['assigned', 'notViewed', 'inProgress', 'underCorrection', 'done', 'published']

describe('exam lifecycle helpers', () => {
  it('lists the eleven stored statuses in order', () => {
    expect(examStatuses).toEqual([...beforeAssignment, ...fromAssignment])
  })
  it('locks the questions from assignment on (spec: questions cannot be added once assigned)', () => {
    for (const status of examStatuses) expect(questionsLocked(status), status).toBe(fromAssignment.includes(status))
  })
  it('allows deleting only before assignment, a rejected exam included', () => {
    for (const status of examStatuses) expect(mayDelete(status), status).toBe(beforeAssignment.includes(status))
  })
  it('allows editing a draft, a required-edit or an approved exam; a waiting one is withdrawn first, a rejected one is closed', () => {
    const editable = examStatuses.filter(mayEdit)
    expect(editable).toEqual(['draft', 'requiredEdit', 'approved'])
  })
  it("gives a stored exam's missing context a new exam's values", () => {
    expect(examLifecycleContext({ hasQuestions: true, correctorsMode: 'double' })).toEqual({
      hasQuestions: true,
      sharesTotalHundred: false,
      allPapersGraded: false,
      differencesSettled: true,
      anyPaperGraded: false,
      training: false,
      correctorsMode: 'double',
      statusReason: null,
      deleted: false,
    })
  })
})

describe('exam corrector helpers', () => {
  const statuses: ReadonlyArray<CorrectorStatus> = ['notAssigned', 'assigned', 'waitingForApproval', 'approved', 'requiredEdit', 'inProgress']
  it('counts every named corrector towards the 100% of shares, not a declined or removed one', () => {
    expect(statuses.filter(holdsShare)).toEqual(['assigned', 'waitingForApproval', 'approved', 'requiredEdit', 'inProgress'])
  })
  it('lets a corrector be removed until she starts grading', () => {
    expect(statuses.filter(mayRemoveCorrector)).toEqual(['assigned', 'waitingForApproval', 'approved', 'requiredEdit'])
  })
})

describe('take-exam helpers', () => {
  const deadlineAt = '2026-12-02T09:00:00.000Z'
  const deadline = Date.parse(deadlineAt)
  it("counts down on the server's clock: a page clock 30 s behind sees 30 s less left", () => {
    expect(remainingMs({ deadlineAt, serverOffsetMs: 0 }, deadline - 60_000)).toBe(60_000)
    expect(remainingMs({ deadlineAt, serverOffsetMs: 30_000 }, deadline - 60_000)).toBe(30_000)
  })
  it('never goes below zero, and is unknown before she starts', () => {
    expect(remainingMs({ deadlineAt, serverOffsetMs: 0 }, deadline + 5_000)).toBe(0)
    expect(remainingMs({ deadlineAt: null, serverOffsetMs: 0 }, deadline)).toBeNull()
  })
  it('lists the unanswered questions in her order', () => {
    expect(unansweredKeys({ questionKeys: ['q3', 'q1', 'q2'], answered: ['q1'] })).toEqual(['q3', 'q2'])
  })
})
