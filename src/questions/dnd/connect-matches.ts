/** Left side's key → the right side's key placed on it (contracts/questions/connect.ts `matches`). */
export type Matches = Readonly<Record<string, string>>

export const poolId = 'pool'
export const slotId = (leftId: string) => `slot:${leftId}`

/**
 * `rightId` placed on `target` (a slot, or back to the pool). A right side sits in one place only;
 * one already on the slot goes back to the pool.
 */
export const matchTo = (matches: Matches, rightId: string, target: string): Matches => {
  const kept = Object.fromEntries(Object.entries(matches).filter(([, placed]) => placed !== rightId))
  if (target === poolId || !target.startsWith(slotId(''))) return kept
  return { ...kept, [target.slice(slotId('').length)]: rightId }
}
