import { css } from 'styled-system/css'
import type { CorrectionListStudent } from '../contract/submissions.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { MessageId } from '../../../src/i18n/message-ids.ts'
import { gradeText, StatusChip } from './status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

/** Up to two initials of a name, for a student without a photo. */
export const initialsOf = (name: string): string =>
  name
    .trim()
    .split(/\s+/u)
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('')

/** A final grade as it is; a provisional one says whose it is: the teacher's marks so far, or the automatic score. */
const gradeLabelOf = (student: CorrectionListStudent): MessageId =>
  !student.provisional ? 'homework.correct.grade' : student.marked ? 'homework.correct.markedGrade' : 'homework.correct.provisionalGrade'

/**
 * The list's styles, made once: Panda's css() walks its object on every call, and forty rows each
 * asking for six of them at every render cost the list's first paint tens of milliseconds.
 */
const rowStyle = (chosen: boolean) =>
  css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    width: 'full',
    minHeight: '11',
    paddingInline: '3',
    paddingBlock: '2',
    borderRadius: 'lg',
    textAlign: 'start',
    cursor: 'pointer',
    bg: chosen ? 'accent.subtle' : 'transparent',
    borderWidth: '1px',
    borderColor: chosen ? 'accent.muted' : 'transparent',
    _hover: { bg: 'bg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  })
const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  row: rowStyle(false),
  chosenRow: rowStyle(true),
  photo: css({ flexShrink: '0', width: '9', height: '9', borderRadius: 'full', objectFit: 'cover', bg: 'bg.subtle' }),
  initials: css({
    flexShrink: '0',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '9',
    height: '9',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.emphasis',
    fontWeight: 'semibold',
    fontSize: 'sm',
  }),
  text: css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', flex: '1' }),
  name: css({ fontWeight: 'medium', overflowWrap: 'anywhere' }),
  details: css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' }),
}

/** Every targeted student: photo (or initials), name, status and grade; the chosen one is marked. */
export function StudentList({
  students,
  photos,
  current,
  total,
  onOpen,
}: {
  students: ReadonlyArray<CorrectionListStudent>
  photos: ReadonlyMap<number, string | null>
  current: number | null
  total: number
  onOpen: (studentId: number) => void
}) {
  const t = useT()
  return (
    <ul aria-label={t('homework.correct.students')} className={styles.list} data-testid="correction-students">
      {students.map((student) => {
        const chosen = student.studentId === current
        return (
          <li key={student.studentId}>
            <button
              type="button"
              onClick={() => onOpen(student.studentId)}
              aria-current={chosen ? 'true' : undefined}
              data-testid="correction-student"
              data-student-id={student.studentId}
              className={chosen ? styles.chosenRow : styles.row}
            >
              {photos.get(student.studentId) ? (
                <img
                  src={photos.get(student.studentId)!}
                  alt=""
                  width={36}
                  height={36}
                  loading="lazy"
                  className={styles.photo}
                  data-testid="correction-student-photo"
                />
              ) : (
                <span aria-hidden className={styles.initials}>
                  {initialsOf(student.name)}
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.name}>
                  <UserText text={student.name} testId="correction-student-name" />
                </span>
                <span className={styles.details}>
                  <StatusChip status={student.status} late={student.late} />
                  {student.grade === null ? null : (
                    <span className={gradeText} data-testid="correction-student-grade">
                      {t(gradeLabelOf(student), { grade: student.grade, total })}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
