import { css } from 'styled-system/css'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { useI18n, useT } from '../../i18n/intl.tsx'
import { fileSize } from '../../ui/file-size.ts'
import { FileTypeIcon } from '../../ui/file-type-icon.tsx'
import { FileName } from '../../ui/user-text.tsx'
import { isolate } from '../../session/signed-in-identity.ts'
import { AnswerAudio } from './answer-audio.tsx'

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

/** The signed link asking for the file shown in the page, not downloaded (server/http/stored-files.ts): for a PDF's frame. */
const inlineUrlOf = (url: string) => `${url}${url.includes('?') ? '&' : '?'}view=inline`

const preview = css({ display: 'block', width: 'full', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', bg: 'bg.subtle' })

/**
 * A photo answer seen in the card, within its width (a 390 px phone too); the picture is a link to
 * the full-size photo, opened by a click or Enter. Its text alternative is her file name.
 */
function StoredImage({ file }: { file: AnswerFile }) {
  const t = useT()
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      aria-label={t('questions.file.openFull', { name: isolate(file.fileName) })}
      className={css({ display: 'block', borderRadius: 'lg', _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' } })}
      data-testid="answer-image-link"
    >
      <img
        src={file.url}
        alt={file.fileName}
        loading="lazy"
        className={preview + ' ' + css({ height: 'auto', maxHeight: '24rem', objectFit: 'contain' })}
        data-testid="answer-image"
      />
    </a>
  )
}

/**
 * A PDF answer read in the card: the browser's PDF viewer in a frame. The server lets only the
 * app's own pages frame a stored PDF, still sandboxed (server/http/security-headers.ts).
 */
function StoredPdf({ file }: { file: AnswerFile }) {
  const t = useT()
  return (
    <iframe
      src={inlineUrlOf(file.url)}
      title={t('questions.file.pdfPreview', { name: isolate(file.fileName) })}
      loading="lazy"
      className={preview + ' ' + css({ height: '28rem', maxHeight: '70vh' })}
      data-testid="answer-pdf"
    />
  )
}

/** A file question's files, a photo or a PDF shown in place above its link, or an audio question's recording as a player (read-only: correcting, reviewing). */
export function StoredFiles({ files, audio, durationSeconds }: { files: ReadonlyArray<AnswerFile>; audio: boolean; durationSeconds?: number | undefined }) {
  const t = useT()
  if (audio) {
    const recording = files[0]
    if (recording === undefined) return <p className={css({ color: 'fg.muted' })}>{t('questions.audio.none')}</p>
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start', minWidth: '0' })}>
        <AnswerAudio recording={recording} durationSeconds={durationSeconds} />
        <StoredFileLink file={recording} />
      </div>
    )
  }
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })} data-testid="answer-files">
      {files.map((file) => (
        <li key={file.id} className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}>
          {file.group === 'photo' ? <StoredImage file={file} /> : file.extension === 'pdf' ? <StoredPdf file={file} /> : null}
          <StoredFileLink file={file} />
        </li>
      ))}
    </ul>
  )
}
