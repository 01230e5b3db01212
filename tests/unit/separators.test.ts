import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const filesUnder = (dir: string, pattern: RegExp): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules'
      ? []
      : entry.isDirectory()
        ? filesUnder(join(dir, entry.name), pattern)
        : pattern.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
  )

/**
 * A middle dot beside Arabic-Indic digits reads as a zero ("١٦ · درجة" looks like "١٦٠"). Arabic
 * messages never use it, and pages never write it themselves: they put `<Separator />`
 * (src/i18n/separator.tsx) between two facts, which is the Arabic comma in Arabic.
 */
describe('separators that cannot be misread in Arabic', () => {
  it('no Arabic message holds a middle dot', () => {
    const found = filesUnder('.', /^ar\.json$/u).flatMap((file) =>
      Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
        .filter(([, text]) => text.includes('·'))
        .map(([id]) => `${file}: ${id}`),
    )
    expect(found).toEqual([])
  })

  it('no page or component writes a middle dot of its own', () => {
    const found = [...filesUnder('src', /\.tsx$/u), ...filesUnder('plugins', /\.tsx$/u)].filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => line.includes('·') && !/^\s*(\/\/|\*|\/\*)/u.test(line)),
    )
    expect(found).toEqual([])
  })
})
