import { FileUpload } from '@ark-ui/react/file-upload'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { buttonStyle } from './button.tsx'

const none: File[] = []

/**
 * A drop zone and a "choose files" button (Ark FileUpload: keyboard, drag and drop, the hidden
 * input). It keeps no list of its own: every file chosen or dropped goes to `onFiles` at once, so
 * the caller checks, uploads and lists them (its rules, its messages).
 */
export function FileDrop({
  label,
  hint,
  chooseLabel,
  onFiles,
  testId,
  invalid,
  describedBy,
}: {
  label: string
  hint: string
  chooseLabel: string
  onFiles: (files: File[]) => void
  testId?: string
  invalid?: boolean
  describedBy?: string
}) {
  const hintId = `file-drop-hint-${useId()}`
  return (
    <FileUpload.Root
      acceptedFiles={none}
      maxFiles={10_000}
      translations={{ dropzone: chooseLabel }}
      onFileChange={(details) => details.acceptedFiles.length > 0 && onFiles(details.acceptedFiles)}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <FileUpload.Label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{label}</FileUpload.Label>
      <FileUpload.Dropzone
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '5',
          cursor: 'pointer',
          borderWidth: '2px',
          borderStyle: 'dashed',
          borderColor: invalid ? 'danger.default' : 'border.strong',
          borderRadius: 'xl',
          bg: 'bg.surface',
          _dragging: { borderColor: 'accent.default', bg: 'accent.subtle' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '2px' },
        })}
      >
        {/* The whole zone is the button (click, Enter or Space opens the picker): a button inside it would nest two controls. The hint describes it. */}
        <span
          className={buttonStyle({ variant: 'outline', size: 'sm' }) + ' ' + css({ flexShrink: '0' })}
          data-testid={testId ? `${testId}-choose` : undefined}
        >
          {chooseLabel}
        </span>
      </FileUpload.Dropzone>
      <span id={hintId} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {hint}
      </span>
      <FileUpload.HiddenInput data-testid={testId ? `${testId}-input` : undefined} />
    </FileUpload.Root>
  )
}
