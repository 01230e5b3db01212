import { css, cva } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'

const cell = cva({
  base: {
    position: 'relative',
    minWidth: '11',
    minHeight: '11',
    borderRadius: 'md',
    borderWidth: '2px',
    fontWeight: 'semibold',
    cursor: 'pointer',
    fontVariantNumeric: 'tabular-nums',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  },
  variants: {
    answered: {
      true: { bg: 'accent.emphasis', color: 'white', borderColor: 'accent.emphasis' },
      false: { bg: 'bg.surface', color: 'fg.default', borderColor: 'border.default' },
    },
    current: { true: { boxShadow: '0 0 0 3px token(colors.fg.default)' }, false: {} },
  },
})

const markDot = css({
  position: 'absolute',
  insetBlockStart: '-1.5',
  insetInlineEnd: '-1.5',
  width: '3.5',
  height: '3.5',
  borderRadius: 'full',
  bg: 'warning.default',
  borderWidth: '2px',
  borderColor: 'bg.surface',
})

/**
 * Every question by its number, to jump to: answered ones filled, those marked for review with a
 * dot, the current one ringed (and `aria-current`). Each button says all of it in words too.
 */
export function QuestionMap({
  questionKeys,
  answered,
  marked,
  currentIndex,
  onGoTo,
}: {
  questionKeys: ReadonlyArray<string>
  answered: ReadonlyArray<string>
  marked: ReadonlyArray<string>
  currentIndex: number
  onGoTo: (index: number) => void
}) {
  const t = useT()
  return (
    <nav aria-label={t('exams.take.map')} data-testid="exam-question-map">
      <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '2.5', padding: '1' })}>
        {questionKeys.map((key, index) => {
          const isAnswered = answered.includes(key)
          const isMarked = marked.includes(key)
          const words = [
            t('exams.take.mapItem', { number: index + 1 }),
            t(isAnswered ? 'exams.take.mapAnswered' : 'exams.take.mapNotAnswered'),
            ...(isMarked ? [t('exams.take.mapMarked')] : []),
          ]
          return (
            <li key={key}>
              <button
                type="button"
                className={cell({ answered: isAnswered, current: index === currentIndex })}
                aria-label={words.join(', ')}
                aria-current={index === currentIndex ? 'step' : undefined}
                onClick={() => onGoTo(index)}
                data-testid="exam-map-item"
                data-answered={isAnswered || undefined}
                data-marked={isMarked || undefined}
                data-current={index === currentIndex || undefined}
              >
                {t('exams.take.mapNumber', { number: index + 1 })}
                {isMarked ? <span className={markDot} aria-hidden /> : null}
              </button>
            </li>
          )
        })}
      </ol>
      <p className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'xs', color: 'fg.muted', marginBlockStart: '2' })} aria-hidden>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          <span className={css({ width: '3', height: '3', borderRadius: 'sm', bg: 'accent.emphasis' })} />
          {t('exams.take.legendAnswered')}
        </span>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          <span className={css({ width: '3', height: '3', borderRadius: 'full', bg: 'warning.default' })} />
          {t('exams.take.legendMarked')}
        </span>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          <span className={css({ width: '3', height: '3', borderRadius: 'sm', boxShadow: '0 0 0 2px token(colors.fg.default)' })} />
          {t('exams.take.legendCurrent')}
        </span>
      </p>
    </nav>
  )
}
