import { css } from 'styled-system/css'
import type { ExamResults } from '../contract/results.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { MarkCell } from './marks.tsx'
import { ResultsTable } from './results-table.tsx'

/** Per class room: its average over those who sat, how many sat, and each of its students' marks in the order the server gives (by name). */
export function ClassRoomResults({ results }: { results: ExamResults }) {
  const t = useT()
  if (results.classRooms.length === 0) return <EmptyState title={t('exams.results.noStudents')} text={t('exams.results.noStudentsText')} />
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {results.classRooms.map((room) => {
        const headingId = `results-room-${room.classRoomId}`
        const sat = room.students.filter((student) => student.attempted).length
        return (
          // Not a labelled section: the server names a class room without its division (two "Grade 4"), which would make two landmarks of one name.
          <div key={room.classRoomId} data-testid="results-class-room" data-class-room-id={room.classRoomId}>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '4', alignItems: 'baseline', marginBlockEnd: '2' })}>
              <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                <bdi>{room.classRoomName}</bdi>
              </h2>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="results-class-room-average" data-average={room.average ?? ''}>
                {room.average === null
                  ? t('exams.results.noAverage')
                  : t('exams.results.classRoomAverage', { average: room.average, total: results.totalDegree })}
              </p>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.results.sat', { sat, count: room.students.length })}</p>
            </div>
            <ResultsTable
              labelledBy={headingId}
              columns={[
                { heading: t('exams.results.student'), content: (student) => <bdi>{student.studentName}</bdi> },
                { heading: t('exams.results.mark'), numeric: true, content: (student) => <MarkCell student={student} total={results.totalDegree} /> },
              ]}
              rows={room.students}
              rowKey={(student) => student.studentId}
              rowTestId="results-student"
              rowData={(student) => ({ 'data-student-id': student.studentId })}
            />
          </div>
        )
      })}
    </div>
  )
}
