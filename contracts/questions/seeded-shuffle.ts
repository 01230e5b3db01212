/**
 * A shuffle that is the same for the same seed: a student who reloads sees the items where they
 * were, and the server and the client agree on it. FNV-1a turns the seed text into 32 bits, which
 * seed mulberry32; Fisher–Yates does the rest. Not for secrets, only for presentation order.
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

export const seededShuffle = <T>(items: ReadonlyArray<T>, seed: string): T[] => {
  const random = mulberry32(hash(seed))
  const result = [...items]
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[result[index], result[other]] = [result[other]!, result[index]!]
  }
  return result
}

/** Shuffled, and never left in the given order when there are two or more items (that would give the answer away). */
export const shuffledOutOfOrder = <T>(items: ReadonlyArray<T>, seed: string): T[] => {
  const result = seededShuffle(items, seed)
  return result.length > 1 && result.every((item, index) => item === items[index]) ? [...result.slice(1), result[0]!] : result
}
