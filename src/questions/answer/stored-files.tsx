import { css } from 'styled-system/css'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { fileSize } from '../../ui/file-size.ts'
import { FileTypeIcon } from '../../ui/file-type-icon.tsx'
import { FileName } from '../../ui/user-text.tsx'

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  padding: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  minWidth: '0',
})

/** Stored answer files as links: its type's icon, her file name and its size; the link opens or downloads it. */
export function StoredFileLink({ file }: { file: AnswerFile }) {
  const { intl } = useI18n()
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      className={row + ' ' + css({ color: 'accent.emphasis', _hover: { bg: 'bg.subtle' }, minHeight: '11' })}
      data-testid="answer-file-link"
    >
      <FileTypeIcon group={file.group} size="sm" />
      <span className={css({ display: 'flex', flexDirection: 'column', minWidth: '0' })}>
        <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textDecoration: 'underline' })}>
          <FileName name={file.fileName} />
        </span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{fileSize(intl, file.size)}</span>
      </span>
    </a>
  )
}

/** A file question's files, or an audio question's recording as a player (read-only: correcting, reviewing). */
export function StoredFiles({ files, audio }: { files: ReadonlyArray<AnswerFile>; audio: boolean }) {
  const t = useT()
  if (audio) {
    const recording = files[0]
    if (recording === undefined) return <p className={css({ color: 'fg.muted' })}>{t('questions.audio.none')}</p>
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
        <audio
          controls
          preload="metadata"
          src={recording.url}
          // Read by the teacher correcting as by the student reviewing: not "Your recording".
          aria-label={t('questions.audio.answerRecording')}
          data-testid="answer-audio"
          className={css({ maxWidth: 'full' })}
        />
        <StoredFileLink file={recording} />
      </div>
    )
  }
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="answer-files">
      {files.map((file) => (
        <li key={file.id}>
          <StoredFileLink file={file} />
        </li>
      ))}
    </ul>
  )
}
