import { css } from 'styled-system/css'
import type { AttachmentGroup } from '../../contracts/attachments.ts'
import { useI18n, useT } from '../i18n/intl.tsx'
import { Separator } from '../i18n/separator.tsx'
import { buttonStyle } from '../ui/button.tsx'
import { fileSize } from '../ui/file-size.ts'
import { FileTypeIcon } from '../ui/file-type-icon.tsx'
import { FileName } from '../ui/user-text.tsx'

/** A file's row in a list of files, as its readers and its form show it. */
export const fileRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  padding: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  minWidth: '0',
})

/** A stored file as its reader gets it: `url` is the signed link the answer carries. */
export interface StoredFileLink {
  readonly id: number
  readonly fileName: string
  readonly group: AttachmentGroup
  readonly size: number
  readonly url: string
}

/** The test ids of a list (each feature's tests find its own). */
export interface StoredFileTestIds {
  readonly list: string
  readonly item: string
  readonly name: string
  readonly meta: string
  readonly download: string
}

/**
 * Stored files as their readers see them (a course's, a homework's): the type's icon, the name in
 * its own direction, the type and size in the reader's numerals (between them the Separator: a
 * middle dot beside Arabic-Indic digits reads as a zero), and a download link named after the file.
 */
export function StoredFileList({ files, testIds }: { files: ReadonlyArray<StoredFileLink>; testIds: StoredFileTestIds }) {
  const t = useT()
  const { intl } = useI18n()
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid={testIds.list}>
      {files.map((file) => (
        <li key={file.id} className={fileRow} data-testid={testIds.item}>
          <FileTypeIcon group={file.group} />
          <div className={css({ display: 'flex', flexDirection: 'column', flex: '1', minWidth: '0' })}>
            <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })} data-testid={testIds.name}>
              <FileName name={file.fileName} />
            </span>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid={testIds.meta}>
              {t(`shell.files.group.${file.group}`)}
              <Separator />
              {fileSize(intl, file.size)}
            </span>
          </div>
          <a
            href={file.url}
            download={file.fileName}
            className={buttonStyle({ variant: 'outline', size: 'sm' })}
            aria-label={t('shell.files.downloadNamed', { name: file.fileName })}
            data-testid={testIds.download}
          >
            {t('shell.files.download')}
          </a>
        </li>
      ))}
    </ul>
  )
}
