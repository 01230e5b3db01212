import { css } from 'styled-system/css'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { fileSize } from '../../../src/ui/file-size.ts'
import { FileTypeIcon } from '../../../src/ui/file-type-icon.tsx'
import type { CourseAttachment } from '../contract/courses-api.ts'
import { FileName } from '../../../src/ui/user-text.tsx'

/** A file's row in a course, as its readers and its form show it. */
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

/**
 * A course's files as its readers see them: the type's icon, the name in its own direction, the
 * type and size in the reader's numerals (between them the Separator: a middle dot beside
 * Arabic-Indic digits reads as a zero), and a download link named after the file. The link is the
 * signed one the answer carries.
 */
export function AttachmentList({ attachments }: { attachments: ReadonlyArray<CourseAttachment> }) {
  const t = useT()
  const { intl } = useI18n()
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="course-detail-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id} className={fileRow} data-testid="course-file">
          <FileTypeIcon group={attachment.group} />
          <div className={css({ display: 'flex', flexDirection: 'column', flex: '1', minWidth: '0' })}>
            <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })} data-testid="course-file-name">
              <FileName name={attachment.fileName} />
            </span>
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })} data-testid="course-file-meta">
              {t(`courses.group.${attachment.group}`)}
              <Separator />
              {fileSize(intl, attachment.size)}
            </span>
          </div>
          <a
            href={attachment.url}
            download={attachment.fileName}
            className={buttonStyle({ variant: 'outline', size: 'sm' })}
            aria-label={t('courses.detail.downloadNamed', { name: attachment.fileName })}
            data-testid="course-download"
          >
            {t('courses.detail.download')}
          </a>
        </li>
      ))}
    </ul>
  )
}
