import { css } from 'styled-system/css'
import type { HomeworkMaterials } from '../../homework/contract/materials.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { StoredFileList, type StoredFileTestIds } from '../../../src/uploads/stored-file-list.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

const fileTestIds: StoredFileTestIds = {
  list: 'my-homework-files',
  item: 'my-homework-file',
  name: 'my-homework-file-name',
  meta: 'my-homework-file-meta',
  download: 'my-homework-file-download',
}

const linkStyle = css({
  display: 'flex',
  flexDirection: 'column',
  padding: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  minWidth: '0',
  color: 'accent.emphasis',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
})

/**
 * The homework's own files and links from her teacher, above its questions: each file downloads
 * through its signed link; each link opens in a new tab that gets no hold on this page.
 */
export function HomeworkMaterialsView({ materials }: { materials: HomeworkMaterials }) {
  const t = useT()
  if (materials.files.length === 0 && materials.links.length === 0) return null
  return (
    <section
      aria-labelledby="my-homework-materials-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })}
      data-testid="my-homework-materials"
    >
      <h2 id="my-homework-materials-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('student.materials.heading')}
      </h2>
      {materials.files.length > 0 ? <StoredFileList files={materials.files} testIds={fileTestIds} /> : null}
      {materials.links.length > 0 ? (
        <ul aria-label={t('student.materials.links')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="my-homework-links">
          {materials.links.map((link, index) => (
            <li key={`${index}-${link.url}`}>
              <a href={link.url} target="_blank" rel="noopener noreferrer" className={linkStyle} data-testid="my-homework-link">
                <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                  <UserText text={link.title ?? link.url} />
                </span>
                {link.title !== null ? (
                  <span dir="ltr" className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                    {link.url}
                  </span>
                ) : null}
                <span className={css({ srOnly: true })}>{t('student.materials.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
