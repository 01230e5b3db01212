import { useId, useRef } from 'react'
import { css } from 'styled-system/css'
import type { AnswerFile } from '../../../contracts/questions/answer-files.ts'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { FileTypeIcon } from '../../ui/file-type-icon.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { useFileUploads } from '../../uploads/use-file-uploads.ts'
import { fileAnswerRules } from '../../../contracts/questions/answer-files.ts'
import { acceptedExtensions, answerFileRules, formatsOf } from '../answer-files.ts'
import { useAnswerFiles } from './answer-files-context.tsx'
import { StoredFileLink } from './stored-files.tsx'
import { UploadDetails } from '../../uploads/upload-rows.tsx'

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
const squareButton = css({ width: { base: '11', md: '10' }, paddingInline: '0', flexShrink: '0' })

/**
 * A file-upload answer: each chosen file is checked by its content in the file-validation worker
 * (the course attachments' rules), then uploaded at once with its progress and a Cancel button
 * (src/uploads). The answer names the stored files by id, so the draft (and a reload) keeps them;
 * a refused or failed file says why and the others stay.
 */
export function FileAnswer({
  questionId,
  fileIds,
  onFileIds,
  testId = 'file-answer',
}: {
  questionId: string
  fileIds: ReadonlyArray<number>
  onFileIds: (ids: ReadonlyArray<number>) => void
  testId?: string
}) {
  const t = useT()
  const { files: known, upload } = useAnswerFiles()
  const input = useRef<HTMLInputElement>(null)
  const rulesId = useId()
  const uploads = useFileUploads<AnswerFile>(
    fileIds.flatMap((id) => known.filter((file) => file.id === id)),
    {
      upload: (file, onProgress) => upload!(questionId, file, file.name, onProgress),
      rules: fileAnswerRules,
      maxFiles: answerFileRules.maxFiles,
      onIds: onFileIds,
    },
  )
  const taken = uploads.entries.filter((entry) => entry.status !== 'refused').length
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid={testId}>
      <p id={rulesId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('questions.file.rules', {
          docs: formatsOf('doc'),
          photos: formatsOf('photo'),
          videos: formatsOf('video'),
          audio: formatsOf('audio'),
          photoMb: answerFileRules.photoMegabytes,
          minSide: answerFileRules.minImageSide,
          otherMb: answerFileRules.otherMegabytes,
          max: answerFileRules.maxFiles,
        })}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={acceptedExtensions}
        className={css({ srOnly: true })}
        tabIndex={-1}
        aria-hidden
        data-testid={`${testId}-input`}
        onChange={(event) => {
          uploads.add([...(event.currentTarget.files ?? [])])
          event.currentTarget.value = ''
        }}
      />
      <div>
        <Button
          variant="outline"
          aria-describedby={rulesId}
          onClick={() => input.current?.click()}
          disabled={upload === null || taken >= answerFileRules.maxFiles}
        >
          {t('questions.file.choose')}
        </Button>
      </div>
      {upload === null ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.file.noUpload')}</p> : null}
      {uploads.entries.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.file.none')}</p>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid={`${testId}-files`}>
          {uploads.entries.map((entry) => (
            <li key={entry.key} className={css({ display: 'flex', alignItems: 'center', gap: '2' })} data-testid={`${testId}-file`} data-status={entry.status}>
              {entry.status === 'done' && entry.stored ? (
                <div className={css({ flex: '1', minWidth: '0' })}>
                  <StoredFileLink file={entry.stored} />
                </div>
              ) : (
                <div className={row + ' ' + css({ flex: '1' })}>
                  <FileTypeIcon group={entry.group} size="sm" />
                  <UploadDetails
                    entry={entry}
                    testId={testId}
                    refusal={t('questions.file.uploadFailed', { name: entry.fileName, message: entry.message ?? '' })}
                  />
                </div>
              )}
              {entry.status === 'checking' || entry.status === 'uploading' ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => uploads.cancel(entry.key)}
                  aria-label={t('questions.file.cancel', { name: entry.fileName })}
                  data-testid={`${testId}-cancel`}
                >
                  {t('shell.common.cancel')}
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  className={squareButton}
                  aria-label={t(entry.status === 'refused' ? 'questions.file.dismiss' : 'questions.file.remove', { name: entry.fileName })}
                  onClick={() => uploads.remove(entry.key)}
                  data-testid={`${testId}-remove`}
                >
                  <CloseIcon />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
