/**
 * The version a write made against `expected` is sent with: moved past the versions this device's
 * own earlier writes produced meanwhile (a save, then "mark corrected" made offline, is not a
 * conflict with itself). Another device's change still leaves a gap and is refused (139).
 */
export const rebaseVersion = (expected: number, ownVersions: ReadonlyArray<number> = []): number => {
  let version = expected
  while (ownVersions.includes(version + 1)) version++
  return version
}

/**
 * The same for a record nothing was stored of when the write was made (`expected` null): its first
 * answered write made the first version, so later ones start from there; null while there is none.
 */
export const rebaseFromNothing = (expected: number | null, ownVersions: ReadonlyArray<number> = []): number | null => {
  const start = expected ?? ownVersions[0] ?? null
  return start === null ? null : rebaseVersion(start, ownVersions)
}
