import { css } from 'styled-system/css'
import type { Item } from '../../../contracts/questions/parts.ts'
import type { ScorePart } from '../../../contracts/questions/scoring.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { NotAnswered } from './not-answered.tsx'
import { line, Mark, Section } from './review-parts.tsx'

/** What the marks of a re-arrange answer are worked out from: its scored parts (an item each) and the question's degree and score. */
export interface RearrangeMarks {
  readonly parts: ReadonlyArray<ScorePart>
  readonly degree: number
  readonly score: number
}

/**
 * A re-arrange answer read-only: her items numbered by the slot she put them in. With `marked`
 * (the right order may be seen), each item's ✓ or ✗ says whether it is in its own place — which
 * is what it earns (contracts/questions/scoring.ts) — and one line says how the credit was worked
 * out: in place of n, times the degree, divided by n. Without, no marks (they would give the order away).
 */
export function RearrangeAnswer({
  title,
  items,
  order,
  marked,
}: {
  title: string
  items: ReadonlyArray<Item>
  order: ReadonlyArray<string>
  marked: RearrangeMarks | null
}) {
  const t = useT()
  const { intl } = useI18n()
  const textOf = new Map(items.map((item) => [item.id, item.text]))
  const rightIds = new Set(marked?.parts.filter((part) => part.correct).map((part) => part.id))
  // A slot is right when it holds the item whose place it is (a key given twice is right in that slot alone).
  const inPlace = (id: string, slot: number) => rightIds.has(id) && items[slot]?.id === id
  const credit = marked === null ? null : creditOf(marked, items.length)
  return (
    <Section title={title} testId="review-order">
      {order.length === 0 ? (
        <NotAnswered />
      ) : (
        <>
          <ol className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            {order.map((id, slot) => (
              <li key={slot} className={line} data-testid="review-order-item" data-in-place={marked === null ? undefined : String(inPlace(id, slot))}>
                <span className={css({ color: 'fg.muted', minWidth: '5' })}>{intl.formatNumber(slot + 1)}</span>
                {marked === null ? null : <Mark correct={inPlace(id, slot)} />}
                <span dir="auto">{textOf.get(id)}</span>
              </li>
            ))}
          </ol>
          {credit === null ? null : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="rearrange-credit">
              {t('questions.view.rearrangeCredit', credit)}
            </p>
          )}
        </>
      )}
    </Section>
  )
}

/** The numbers of the credit line; `exact` no when the share was rounded to two decimals (2 × 1 ÷ 3 ≈ 0.67). */
const creditOf = (marked: RearrangeMarks, items: number) => {
  const inPlace = marked.parts.filter((part) => part.correct).length
  const exact = (inPlace * Math.round(marked.degree * 100)) % Math.max(1, items) === 0
  return { inPlace, items, degree: marked.degree, score: marked.score, exact: exact ? 'yes' : 'no' }
}
