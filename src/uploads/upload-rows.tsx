import { css, cx } from 'styled-system/css'
import { useI18n, useT } from '../i18n/intl.tsx'
import { Button } from '../ui/button.tsx'
import { ProgressBar } from '../ui/progress.tsx'
import { FileTypeIcon } from '../ui/file-type-icon.tsx'
import { fileSize } from '../ui/file-size.ts'
import { fileRow } from './stored-file-list.tsx'
import { Separator } from '../i18n/separator.tsx'
import { FileName } from '../ui/user-text.tsx'
import type { StoredUpload, UploadEntry } from './use-file-uploads.ts'

/** A row of a form's list (an upload, a link): a file's row on the surface colour. */
export const formRow = cx(fileRow, css({ bg: 'bg.surface' }))

/**
 * A form's upload rows (src/uploads/use-file-uploads.ts): each with its icon, name and size, then its
 * progress and Cancel, its refusal, or Remove. `testId` names the rows (`<testId>`), their list
 * (`<testId>s`) and their parts (`<testId>-progress`, `-error`, `-cancel`, `-remove`).
 */
export function UploadRows({
  entries,
  onCancel,
  onRemove,
  testId,
}: {
  entries: ReadonlyArray<UploadEntry<StoredUpload>>
  onCancel: (key: string) => void
  onRemove: (key: string) => void
  testId: string
}) {
  const t = useT()
  if (entries.length === 0) return null
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid={`${testId}s`}>
      {entries.map((entry) => (
        <li key={entry.key} className={formRow} data-testid={testId} data-status={entry.status}>
          <FileTypeIcon group={entry.group} />
          <UploadDetails entry={entry} testId={testId} />
          {entry.status === 'uploading' || entry.status === 'checking' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onCancel(entry.key)}
              aria-label={t('shell.files.cancelNamed', { name: entry.fileName })}
              data-testid={`${testId}-cancel`}
            >
              {t('shell.files.cancel')}
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(entry.key)}
              aria-label={t('shell.files.removeNamed', { name: entry.fileName })}
              data-testid={`${testId}-remove`}
            >
              {t('shell.files.remove')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * An upload's name and size, then its state: "Checking…", its progress, or why it was refused
 * (`refusal`, else the check's or the server's message). The middle of an upload row, wherever one is listed.
 */
export function UploadDetails({ entry, testId, refusal }: { entry: UploadEntry<StoredUpload>; testId: string; refusal?: string }) {
  const t = useT()
  const { intl } = useI18n()
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: '0' })}>
      <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
        <FileName name={entry.fileName} />
      </span>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {fileSize(intl, entry.size)}
        {entry.status === 'checking' ? (
          <>
            <Separator />
            {t('shell.files.checking')}
          </>
        ) : null}
        {entry.status === 'uploading' ? (
          <>
            <Separator />
            {t('shell.files.uploading', { percent: entry.progress })}
          </>
        ) : null}
      </span>
      {entry.status === 'uploading' ? (
        <ProgressBar
          value={Math.round(entry.progress * 100)}
          label={t('shell.files.progressLabel', { name: entry.fileName })}
          valueText={t('shell.files.uploading', { percent: entry.progress })}
          testId={`${testId}-progress`}
        />
      ) : null}
      {entry.status === 'refused' ? (
        <span role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })} data-testid={`${testId}-error`}>
          {refusal ?? entry.message}
        </span>
      ) : null}
    </div>
  )
}
