import { describe, expect, it } from 'vitest'
import { gradeBookCsv } from '../../../plugins/homework/contract/grade-book-csv.ts'
import { parseCsv as parse } from '../../support/csv.ts'

const headings = { student: 'Student', homework: (c: { title: string; totalDegree: number }) => `${c.title} (${c.totalDegree})` }

describe('grade book CSV', () => {
  it('starts with a UTF-8 byte-order mark and keeps Arabic names as they are', () => {
    const csv = gradeBookCsv([{ title: 'الكسور', totalDegree: 10, dueDay: '2026-12-10' }], [{ studentName: 'مريم أحمد', grades: [7.5] }], headings)
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const bytes = new TextEncoder().encode(csv)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(parse(csv.slice(1))).toEqual([
      ['Student', 'الكسور (10)'],
      ['مريم أحمد', '7.5'],
    ])
  })

  it('quotes commas, quotes and line breaks, and leaves missing grades empty', () => {
    const csv = gradeBookCsv(
      [
        { title: 'Essay, part "1"', totalDegree: 4, dueDay: '2026-12-10' },
        { title: 'Quiz', totalDegree: 2, dueDay: '2026-12-10' },
      ],
      [{ studentName: 'Lina\nSalem', grades: [2.333333, null] }],
      headings,
    )
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(parse(csv.slice(1))).toEqual([
      ['Student', 'Essay, part "1" (4)', 'Quiz (2)'],
      ['Lina\nSalem', '2.33', ''],
    ])
  })

  it('heads each homework uniquely: a copy with the same title and due day is numbered', () => {
    const dated = { student: 'Student', homework: (c: { title: string; dueDay: string }, copy: number) => `${c.title} ${c.dueDay} #${copy}` }
    const columns = [
      { title: 'Fractions', totalDegree: 4, dueDay: '2026-12-10' },
      { title: 'Fractions', totalDegree: 4, dueDay: '2026-12-11' },
      { title: 'Fractions ', totalDegree: 4, dueDay: '2026-12-10' },
      { title: 'Fractions', totalDegree: 4, dueDay: '2026-12-10' },
    ]
    const [heads] = parse(gradeBookCsv(columns, [], dated).slice(1))
    expect(heads).toEqual(['Student', 'Fractions 2026-12-10 #1', 'Fractions 2026-12-11 #1', 'Fractions  2026-12-10 #2', 'Fractions 2026-12-10 #3'])
    expect(new Set(heads).size).toBe(heads!.length)
  })

  it('never lets a name start a formula', () => {
    for (const name of ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tx']) {
      const [, row] = parse(gradeBookCsv([], [{ studentName: name, grades: [] }], headings).slice(1))
      expect(row![0]).toBe(`'${name}`)
    }
    const [, plain] = parse(gradeBookCsv([], [{ studentName: 'Omar', grades: [] }], headings).slice(1))
    expect(plain![0]).toBe('Omar')
  })
})
