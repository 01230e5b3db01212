import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import { css } from 'styled-system/css'
import { CloseIcon } from './icons.tsx'

/**
 * Notifications. Placement 'top-end' is logical: Ark resolves it against the LocaleProvider's
 * direction, so toasts sit at the top right in English and the top left in Arabic (spec §8).
 */
export const toaster = createToaster({ placement: 'top-end', overlap: false, gap: 12, max: 4, duration: 5000 })

export const notify = {
  success: (title: string, description?: string) => toaster.create({ type: 'success', title, description }),
  error: (title: string, description?: string) => toaster.create({ type: 'error', title, description }),
  info: (title: string, description?: string) => toaster.create({ type: 'info', title, description }),
}

const root = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderInlineStartWidth: '4px',
  borderRadius: 'lg',
  boxShadow: 'lg',
  paddingBlock: '3',
  paddingInlineStart: '4',
  paddingInlineEnd: '10',
  width: 'min(22rem, calc(100vw - 2rem))',
  position: 'relative',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms',
  '&[data-type=success]': { borderInlineStartColor: 'accent.default' },
  '&[data-type=error]': { borderInlineStartColor: 'danger.default' },
  '&[data-type=info]': { borderInlineStartColor: 'border.strong' },
})

export function AppToaster({ closeLabel }: { closeLabel: string }) {
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root className={root} data-testid="toast">
          <Toast.Title className={css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default' })}>{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>{toast.description}</Toast.Description> : null}
          <Toast.CloseTrigger
            aria-label={closeLabel}
            className={css({ position: 'absolute', insetBlockStart: '2', insetInlineEnd: '2', color: 'fg.muted', cursor: 'pointer', padding: '1', borderRadius: 'md', _hover: { bg: 'bg.subtle' }, _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' } })}
          >
            <CloseIcon />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}
