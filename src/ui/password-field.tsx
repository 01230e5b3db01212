import { useState } from 'react'
import { css } from 'styled-system/css'
import { TextField, type TextFieldProps } from './field.tsx'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

/** A text field for passwords with a show/hide toggle (labels passed in, already translated). */
export function PasswordField({ showLabel, hideLabel, ...props }: Omit<TextFieldProps, 'type' | 'endSlot'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endSlot={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: { base: '11', md: '9' },
            height: { base: '11', md: '8' },
            borderRadius: 'md',
            color: 'fg.muted',
            cursor: 'pointer',
            _hover: { color: 'fg.default', bg: 'bg.subtle' },
            _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
          })}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  )
}
