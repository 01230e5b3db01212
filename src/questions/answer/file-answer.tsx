import { useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useT } from '../../i18n/intl.tsx'
import { Button } from '../../ui/button.tsx'
import { CloseIcon } from '../../ui/icons.tsx'
import { acceptedExtensions, answerFileRules, checkAnswerFiles, formatsOf, type FileProblem } from '../answer-files.ts'

/**
 * A file-upload answer: files chosen by the student, checked against the spec's file types and
 * sizes before anything is sent (answer-files.ts); a refused file is named with the reason.
 */
export function FileAnswer({ files, onFiles, testId = 'file-answer' }: { files: ReadonlyArray<File>; onFiles: (files: ReadonlyArray<File>) => void; testId?: string }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const rulesId = useId()
  const [problems, setProblems] = useState<ReadonlyArray<FileProblem>>([])
  const messageOf = (problem: FileProblem) =>
    problem.kind === 'type' ? t('questions.file.type', { name: problem.name }) : problem.kind === 'size' ? t('questions.file.size', { name: problem.name, max: problem.maxMegabytes }) : t('questions.file.count', { max: problem.max })
  const add = (chosen: ReadonlyArray<File>) => {
    const found = checkAnswerFiles(files.length, chosen)
    setProblems(found)
    const refused = new Set(found.flatMap((problem) => (problem.kind === 'count' ? [] : [problem.name])))
    const accepted = chosen.filter((file) => !refused.has(file.name))
    onFiles([...files, ...accepted].slice(0, answerFileRules.maxFiles))
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid={testId}>
      <p id={rulesId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('questions.file.rules', { docs: formatsOf('doc'), photos: formatsOf('photo'), videos: formatsOf('video'), audio: formatsOf('audio'), videoMb: answerFileRules.groups.video.maxBytes / 1048576, otherMb: answerFileRules.groups.photo.maxBytes / 1048576, max: answerFileRules.maxFiles })}
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
          add([...(event.currentTarget.files ?? [])])
          event.currentTarget.value = ''
        }}
      />
      <div>
        <Button variant="outline" aria-describedby={rulesId} onClick={() => input.current?.click()} disabled={files.length >= answerFileRules.maxFiles}>
          {t('questions.file.choose')}
        </Button>
      </div>
      {problems.length > 0 ? (
        <ul role="alert" className={css({ color: 'danger.default', fontSize: 'sm', display: 'flex', flexDirection: 'column', gap: '1' })} data-testid={`${testId}-problems`}>
          {problems.map((problem, index) => (
            <li key={index} dir="auto">
              {messageOf(problem)}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('questions.file.none')}</p>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={css({ display: 'flex', alignItems: 'center', gap: '2', justifyContent: 'space-between', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', paddingInlineStart: '3' })}>
              <span dir="auto" className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                {file.name}
              </span>
              <Button variant="ghost" className={css({ width: { base: '11', md: '10' }, paddingInline: '0' })} aria-label={t('questions.file.remove', { name: file.name })} onClick={() => onFiles(files.filter((_, at) => at !== index))}>
                <CloseIcon />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
