/**
 * The order students were shown before issue 19, as its code shipped in the client: FNV-1a of the
 * public seed `homework:<id>:student:<studentId>:<questionId>` into mulberry32, Fisher–Yates, and
 * the given order turned by one (so two items always came out reversed). Kept only so tests can
 * play the attack: try student ids until this reproduces the order a student was shown.
 */
const hash = (seed: string): number => {
  let value = 0x811c9dc5
  for (let index = 0; index < seed.length; index += 1) {
    value ^= seed.charCodeAt(index)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

const mulberry32 = (state: number) => () => {
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export const publicSeededOrder = <T>(items: ReadonlyArray<T>, seed: string): T[] => {
  const random = mulberry32(hash(seed))
  const result = [...items]
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[result[index], result[other]] = [result[other]!, result[index]!]
  }
  return result.length > 1 && result.every((item, index) => item === items[index]) ? [...result.slice(1), result[0]!] : result
}

/** The public seed of one student's order of one question. */
export const publicSeed = (homeworkId: number, studentId: number, questionId: string) => `homework:${homeworkId}:student:${studentId}:${questionId}`

/** The student ids in `ids` whose public seed reproduces `shown` from the teacher's `written` order. */
export const idsReproducing = (
  written: ReadonlyArray<string>,
  shown: ReadonlyArray<string>,
  homeworkId: number,
  questionId: string,
  ids: Iterable<number>,
): number[] => [...ids].filter((studentId) => publicSeededOrder(written, publicSeed(homeworkId, studentId, questionId)).join() === shown.join())
