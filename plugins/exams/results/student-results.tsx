import type { ExamResults } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { MarkCell } from './marks.tsx'
import { ResultsTable } from './results-table.tsx'

/** Every student of the exam in one table, highest mark first (then those not marked, then the absent), with her class room. */
export function StudentResults({ results }: { results: ExamResults }) {
  const t = useT()
  const rows = results.classRooms.flatMap((room) => room.students.map((student) => ({ room, student }))).sort((a, b) => rank(b.student) - rank(a.student))
  if (rows.length === 0) return <EmptyState title={t('exams.results.noStudents')} text={t('exams.results.noStudentsText')} />
  return (
    <ResultsTable
      label={t('exams.results.byStudent')}
      testId="results-students-table"
      columns={[
        { heading: t('exams.results.student'), content: ({ student }) => <bdi>{student.studentName}</bdi> },
        { heading: t('exams.results.classRoom'), content: ({ room }) => <bdi>{room.classRoomName}</bdi> },
        { heading: t('exams.results.mark'), numeric: true, content: ({ student }) => <MarkCell student={student} total={results.totalDegree} /> },
      ]}
      rows={rows}
      rowKey={({ student }) => student.studentId}
      rowTestId="results-student-row"
      rowData={({ student }) => ({ 'data-student-id': student.studentId })}
    />
  )
}

/** Marked first by mark, then sat but not marked, then absent. */
const rank = (student: ExamResults['classRooms'][number]['students'][number]) => (student.finalMark !== null ? student.finalMark : student.attempted ? -1 : -2)
