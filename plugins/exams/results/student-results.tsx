import { css, cx } from 'styled-system/css'
import type { ExamResults } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { MarkCell } from './marks.tsx'
import { cell, headCell, numberCell, table, tableBox } from './table-style.ts'

/** Every student of the exam in one table, highest mark first (then those not marked, then the absent), with her class room. */
export function StudentResults({ results }: { results: ExamResults }) {
  const t = useT()
  const rows = results.classRooms.flatMap((room) => room.students.map((student) => ({ room, student }))).sort((a, b) => rank(b.student) - rank(a.student))
  if (rows.length === 0) return <EmptyState title={t('exams.results.noStudents')} text={t('exams.results.noStudentsText')} />
  return (
    <div className={tableBox} tabIndex={0}>
      <table className={table} aria-label={t('exams.results.byStudent')} data-testid="results-students-table">
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              {t('exams.results.student')}
            </th>
            <th scope="col" className={headCell}>
              {t('exams.results.classRoom')}
            </th>
            <th scope="col" className={cx(headCell, numberCell)}>
              {t('exams.results.mark')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ room, student }) => (
            <tr key={student.studentId} data-testid="results-student-row" data-student-id={student.studentId}>
              <th scope="row" className={cx(cell, css({ fontWeight: 'normal' }))}>
                <bdi>{student.studentName}</bdi>
              </th>
              <td className={cell}>
                <bdi>{room.classRoomName}</bdi>
              </td>
              <td className={cx(cell, numberCell)}>
                <MarkCell student={student} total={results.totalDegree} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Marked first by mark, then sat but not marked, then absent. */
const rank = (student: ExamResults['classRooms'][number]['students'][number]) => (student.finalMark !== null ? student.finalMark : student.attempted ? -1 : -2)
