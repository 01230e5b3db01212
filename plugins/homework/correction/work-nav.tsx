import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Icon } from '../../../src/ui/icons.tsx'

const styles = {
  bar: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  // On a phone or a narrow window the list is a screen of its own: the way back to it.
  toList: css({ display: { base: 'flex', lg: 'none' } }),
  moves: css({ display: 'flex', gap: '2', justifyContent: 'space-between', alignItems: 'center' }),
  middle: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'fg.muted', textAlign: 'center' }),
  keys: css({ display: { base: 'none', md: 'inline' } }),
}

/**
 * Above a student's work: "Back to the list" (phone and narrow windows), the previous and next
 * student among those the filter shows, and where she is among them.
 */
export function WorkNav({
  studentId,
  previous,
  next,
  position,
  onMove,
  onBackToList,
}: {
  studentId: number | null
  previous: number | null
  next: number | null
  /** Her place among the students shown (1-based), when she is one of them. */
  position: { readonly index: number; readonly count: number } | null
  onMove: (student: number) => void
  onBackToList: () => void
}) {
  const t = useT()
  return (
    <div className={styles.bar}>
      {studentId === null ? null : (
        <div className={styles.toList}>
          <Button variant="ghost" onClick={onBackToList} data-testid="correction-to-list">
            {/* A chevron toward the inline start: back, in either direction of writing. */}
            <Icon d="m15 18-6-6 6-6" className="fasl-flip" />
            {t('homework.correct.toList')}
          </Button>
        </div>
      )}
      <nav aria-label={t('homework.correct.moveLabel')} className={styles.moves}>
        <Button
          variant="outline"
          disabled={previous === null}
          onClick={() => previous !== null && onMove(previous)}
          aria-keyshortcuts="Alt+ArrowUp"
          data-testid="correction-previous"
        >
          {t('homework.correct.previous')}
        </Button>
        <span className={styles.middle}>
          {position === null ? null : (
            <span data-testid="correction-position">{t('homework.correct.position', { index: position.index, count: position.count })}</span>
          )}
          <span className={styles.keys}>{t('homework.correct.keys')}</span>
        </span>
        <Button
          variant="outline"
          disabled={next === null}
          onClick={() => next !== null && onMove(next)}
          aria-keyshortcuts="Alt+ArrowDown"
          data-testid="correction-next"
        >
          {t('homework.correct.next')}
        </Button>
      </nav>
    </div>
  )
}
