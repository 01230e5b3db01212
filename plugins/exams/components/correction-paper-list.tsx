import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CorrectorPaperSummary } from '../contract/correction.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

const rowStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  paddingBlock: '2',
  paddingInline: '3',
  borderRadius: 'md',
  textDecoration: 'none',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
  '&[aria-current=page]': { bg: 'accent.subtle', fontWeight: 'semibold' },
})

/** Her papers of the exam (student, class room, graded), the one open marked as current. */
export function CorrectionPaperList({
  papers,
  current,
  linkTo,
}: {
  papers: ReadonlyArray<CorrectorPaperSummary>
  current: number | null
  linkTo: (sessionId: number) => string
}) {
  const t = useT()
  const graded = papers.filter((paper) => paper.graded).length
  return (
    <nav aria-labelledby="correction-papers-heading" className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}>
      <h2 id="correction-papers-heading" className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        {t('exams.correct.papersHeading', { graded, total: papers.length })}
      </h2>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-testid="correction-papers">
        {papers.map((paper) => (
          <li key={paper.sessionId}>
            <Link
              href={linkTo(paper.sessionId)}
              aria-current={paper.sessionId === current ? 'page' : undefined}
              className={rowStyle}
              data-testid="correction-paper-link"
              data-session-id={paper.sessionId}
              data-graded={paper.graded}
            >
              <span className={css({ display: 'flex', flexDirection: 'column', minWidth: '0' })}>
                <UserText text={paper.studentName} />
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{paper.classRoomName}</span>
              </span>
              <StatusChip tone={paper.graded ? 'complete' : 'neutral'}>{t(paper.graded ? 'exams.correct.graded' : 'exams.correct.notGraded')}</StatusChip>
            </Link>
          </li>
        ))}
      </ul>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('exams.correct.keysHint')}</p>
    </nav>
  )
}
