import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { featureGroups } from '../../contracts/api.ts'

/**
 * The core names no feature. Its imports are checked by dependency-cruiser (`npm run boundaries`);
 * what an import check cannot see is a call through the typed API client to a feature's group
 * (`callApi((c) => c.homework.classRoomStudents(…))` imports only the core's client). So: no file of
 * src/ but the client's composition list calls a feature's group.
 */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  )

const featureGroupIds = featureGroups.map((group) => group.identifier)
const callsAFeatureGroup = new RegExp(`\\b[A-Za-z_$][\\w$]*\\??\\.(${featureGroupIds.join('|')})\\??\\.[A-Za-z_$][\\w$]*\\(`)

describe('the core calls no feature', () => {
  it("knows every feature group's identifier (the check below has something to look for)", () => {
    expect(featureGroupIds).toEqual(expect.arrayContaining(['homework', 'school', 'account']))
    expect(callsAFeatureGroup.test('callApi((c) => c.homework.classRoomStudents({ query }))')).toBe(true)
    expect(callsAFeatureGroup.test('callApi((c) => c.auth.login({ payload }))')).toBe(false)
  })

  it("no file of src/ calls a feature's API group", () => {
    const offenders = filesOf('src')
      .filter((file) => file !== join('src', 'plugins.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) => (callsAFeatureGroup.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      )
    expect(offenders).toEqual([])
  })
})
