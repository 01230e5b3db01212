import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { featureGroups } from '../../contracts/api.ts'
import { uploadLimits } from '../../contracts/settings.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { plugins } from '../../src/plugins.ts'

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

/** The core's files: the shell, the server's core and the shared contracts, but the three composition lists. */
const compositionLists = [join('src', 'plugins.ts'), join('server', 'features.ts'), join('contracts', 'api.ts')]
const coreFiles = () => ['src', 'server', 'contracts'].flatMap(filesOf).filter((file) => !compositionLists.includes(file))
const linesMatching = (files: ReadonlyArray<string>, pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  )
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the core names no feature', () => {
  it("the shell links to no feature's page: a feature's own route (one the shell does not declare) is spelled in no code of src/", () => {
    const shellPaths = new Set<string>(Object.values(shellRoutes).map((route) => route.path))
    const featurePaths = plugins.flatMap((plugin) => plugin.routes.map((route) => route.route.path)).filter((path) => !shellPaths.has(path) && path !== '*')
    expect(featurePaths).toContain('/settingProfile')
    const quoted = new RegExp(`^(?!\\s*(\\*|//)).*['"\`](${featurePaths.map(escape).join('|')})['"\`?]`)
    expect(
      linesMatching(
        filesOf('src').filter((file) => !compositionLists.includes(file)),
        quoted,
      ),
    ).toEqual([])
  })

  it("words no issue with the core's rule messages alone: a feature's rule key reaches the shell and the server's 413 too", () => {
    // contracts/validation-format.ts's `formatIssue` knows only the core's texts; the server words with the API's (feature-rule-messages.ts), the client with its loaded set (src/forms/issue-messages.ts).
    const importsCoreOnlyWording = /import\s*\{[^}]*\bformatIssue\b[^}]*\}\s*from\s*'[./]*contracts\/validation-format\.ts'/
    expect(linesMatching(coreFiles(), importsCoreOnlyWording)).toEqual([])
  })

  it('declares none of what features own (names that lived in the core before issue 20 moved them to their features)', () => {
    const featureNames = /\b(ClassRoom|ClassRoomStudent)\b\s*=/
    expect(linesMatching(coreFiles(), featureNames)).toEqual([])
  })

  it("the upload mechanism names no purpose: each feature declares its own (courses' attachments, homework's answers) and registers it", () => {
    const uploadCore = [
      join('contracts', 'attachments.ts'),
      ...filesOf(join('server', 'uploads')),
      ...filesOf(join('src', 'uploads')),
      join('workers', 'file-validation.ts'),
    ]
    const namesAFeature = /^(?!\s*(\*|\/\/|\/\*)).*\b\w*(course|answer|homework)\w*/i
    expect(linesMatching(uploadCore, namesAFeature)).toEqual([])
    // The core's own upload limit is the account's bytes of the day; how many may wait is each purpose's.
    expect(Object.keys(uploadLimits)).toEqual(['bytesPerAccountPerDay'])
  })
})
