import { css } from 'styled-system/css'
import { useT } from '../../i18n/intl.tsx'

/** A question she left blank, worded the same for every question type, to her and to her teacher. */
export function NotAnswered({ as: Tag = 'p' }: { as?: 'p' | 'span' }) {
  const t = useT()
  return (
    <Tag className={css({ color: 'fg.muted', fontStyle: 'italic' })} data-testid="not-answered">
      {t('questions.view.noAnswer')}
    </Tag>
  )
}
