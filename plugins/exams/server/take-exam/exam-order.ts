import { createHmac } from 'node:crypto'
import type { ServerKeysService } from '../../../../server/services/server-keys.ts'

/** Whose view of which exam. */
export interface ExamOrderOf {
  readonly examId: number
  readonly studentId: number
}

export interface ExamOrder {
  /** The exam's questions in the order she sees them (a random exam: her own; else as built). */
  readonly questions: <T extends { readonly id: string }>(of: ExamOrderOf, random: boolean, questions: ReadonlyArray<T>) => T[]
  /** A re-arrange question's items or a connect question's right sides, in her order. */
  readonly arrange: <T extends { readonly id: string }>(of: ExamOrderOf, questionId: string, items: ReadonlyArray<T>) => T[]
}

/** Draws past this many are as good as never needed ((1/6)^16 for three items); then a rotation. */
const maxDraws = 16

/**
 * The orders a student sees, not derivable from anything she can see (the rule homework's
 * presentation order follows, plugins/homework/server/presentation-order.ts): each element's rank
 * is an HMAC-SHA256 of the exam, student, what is ordered and the element's key under a server key
 * no client receives; sorting by it gives every order the same chance, and the same order on every
 * open. Items of three or more are never shown in their right order (it would hand her the marks):
 * drawn again until another order comes out. Questions may come in any order, the built one included.
 */
export const examOrder = (keys: ServerKeysService): ExamOrder => {
  const key = keys.derive('fasl/exam-order/v1')
  const ranked = <T extends { readonly id: string }>(context: string, items: ReadonlyArray<T>): T[] =>
    items
      .map((item) => ({ item, rank: createHmac('sha256', key).update(`${context}\n${item.id}`).digest('hex') }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .map(({ item }) => item)
  // Keys are ItemKeys ([A-Za-z0-9_-]), so the line breaks keep the parts apart.
  const questions = <T extends { readonly id: string }>(of: ExamOrderOf, random: boolean, all: ReadonlyArray<T>): T[] =>
    random ? ranked(`${of.examId}\n${of.studentId}\nquestions`, all) : [...all]
  const arrange = <T extends { readonly id: string }>(of: ExamOrderOf, questionId: string, items: ReadonlyArray<T>): T[] => {
    const drawn = (draw: number) => ranked(`${of.examId}\n${of.studentId}\nitems\n${questionId}\n${draw}`, items)
    if (items.length < 3) return drawn(0)
    for (let draw = 0; draw < maxDraws; draw += 1) {
      const order = drawn(draw)
      if (order.some((item, index) => item !== items[index])) return order
    }
    return [...items.slice(1), items[0]!]
  }
  return { questions, arrange }
}
