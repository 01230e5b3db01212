import { css, cx } from 'styled-system/css'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { ProgressBar } from '../../../src/ui/progress.tsx'
import { FileTypeIcon } from '../../../src/ui/file-type-icon.tsx'
import { fileSize } from '../../../src/ui/file-size.ts'
import type { AttachmentEntry } from './use-attachment-uploads.ts'
import { fileRow } from './attachment-list.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { FileName } from '../../../src/ui/user-text.tsx'

const row = cx(fileRow, css({ bg: 'bg.surface' }))

/** The form's attachment rows: each with its icon, name and size, then its progress and Cancel, its refusal, or Remove. */
export function AttachmentRows({
  entries,
  onCancel,
  onRemove,
}: {
  entries: ReadonlyArray<AttachmentEntry>
  onCancel: (key: string) => void
  onRemove: (key: string) => void
}) {
  const t = useT()
  const { intl } = useI18n()
  if (entries.length === 0) return null
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="course-attachments">
      {entries.map((entry) => (
        <li key={entry.key} className={row} data-testid="course-attachment" data-status={entry.status}>
          <FileTypeIcon group={entry.group} />
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: '0' })}>
            <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
              <FileName name={entry.fileName} />
            </span>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              {fileSize(intl, entry.size)}
              {entry.status === 'checking' ? (
                <>
                  <Separator />
                  {t('courses.file.checking')}
                </>
              ) : null}
              {entry.status === 'uploading' ? (
                <>
                  <Separator />
                  {t('courses.file.uploading', { percent: entry.progress })}
                </>
              ) : null}
            </span>
            {entry.status === 'uploading' ? (
              <ProgressBar
                value={Math.round(entry.progress * 100)}
                label={t('courses.file.progressLabel', { name: entry.fileName })}
                valueText={t('courses.file.uploading', { percent: entry.progress })}
                testId="course-attachment-progress"
              />
            ) : null}
            {entry.status === 'refused' ? (
              <span role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })} data-testid="course-attachment-error">
                {entry.message}
              </span>
            ) : null}
          </div>
          {entry.status === 'uploading' || entry.status === 'checking' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onCancel(entry.key)}
              aria-label={t('courses.file.cancelNamed', { name: entry.fileName })}
              data-testid="course-attachment-cancel"
            >
              {t('courses.file.cancel')}
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(entry.key)}
              aria-label={t('courses.file.removeNamed', { name: entry.fileName })}
              data-testid="course-attachment-remove"
            >
              {t('courses.file.remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
