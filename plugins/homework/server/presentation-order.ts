import { createHmac } from 'node:crypto'
import { Context, Effect, Layer } from 'effect'
import { ServerKeys, type ServerKeysService } from '../../../server/services/server-keys.ts'

/** Whose view of which question: one order per homework, student and question. */
export interface OrderOf {
  readonly homeworkId: number
  readonly studentId: number
  readonly questionId: string
}

export interface PresentationOrderService {
  /** The re-arrange items or connect right sides of one question, in the order this student sees them. */
  readonly arrange: <T extends { readonly id: string }>(of: OrderOf, items: ReadonlyArray<T>) => T[]
}

/**
 * The order a student sees re-arrange items and connect right sides in. It must not be derivable
 * from anything she can see: a public seeded shuffle let a student try ids until the order she was
 * shown came out, then invert it (issue 19). So each item's rank is an HMAC-SHA256 of the homework,
 * student, question and item keys under a server-side key no client receives; sorting by it gives
 * every order the same chance, and the same order on every read.
 *
 * With three or more items, the right order itself is never shown (it would hand her the marks):
 * the ranks are drawn again under the next attempt number, so every other order stays equally
 * likely. With two items that rule would show the answer reversed, so two items (questions stored
 * before the builder asked for three) keep the order as drawn.
 */
export class PresentationOrder extends Context.Service<PresentationOrder, PresentationOrderService>()('fasl/PresentationOrder') {}

/** Draws past this many are as good as never needed ((1/6)^16 for three items); then a rotation. */
const maxAttempts = 16

/** The key is the server's own (ServerKeys), derived under this order's label. */
export const presentationOrder = (keys: ServerKeysService): PresentationOrderService => {
  const key = keys.derive('fasl/presentation-order/v1')
  const arrange = <T extends { readonly id: string }>(of: OrderOf, items: ReadonlyArray<T>): T[] => {
    // Keys are ItemKeys ([A-Za-z0-9_-]), so the line breaks keep the parts apart.
    const context = `${of.homeworkId}\n${of.studentId}\n${of.questionId}`
    const drawn = (attempt: number): T[] => {
      const ranked = items.map((item) => ({ item, rank: createHmac('sha256', key).update(`${context}\n${attempt}\n${item.id}`).digest('hex') }))
      return ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0)).map(({ item }) => item)
    }
    if (items.length < 3) return drawn(0)
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const order = drawn(attempt)
      if (order.some((item, index) => item !== items[index])) return order
    }
    return [...items.slice(1), items[0]!]
  }
  return { arrange }
}

/** Homework's server feature provides the order to its handlers (feature.ts); the core only lends the key. */
export const PresentationOrderLive = Layer.effect(
  PresentationOrder,
  Effect.gen(function* () {
    return presentationOrder(yield* ServerKeys)
  }),
)
