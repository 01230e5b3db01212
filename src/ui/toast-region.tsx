import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import { css } from 'styled-system/css'
import { CloseIcon } from './icons.tsx'

/**
 * Spec §8: top right in English, top left in Arabic — the inline end in both. Zag's toast group
 * (1.x) mirrors a logical placement twice under dir="rtl" (it maps 'top-end' to physical left, then
 * positions with inset-inline-start, which is the right again), so the right-to-left toaster asks
 * for 'top-start' to land on the inline end. Checked in Chromium in both languages.
 */
/**
 * Below the 4 rem header (plus a gap), so a toast never covers the header's controls (the language
 * button, the user chip) in either direction; 1 rem from the other edges.
 */
const offsets = { top: '4.75rem', bottom: '1rem', left: '1rem', right: '1rem' }
const options = { overlap: false, gap: 12, max: 4, duration: 5000, offsets } as const
export const toasters = {
  ltr: createToaster({ ...options, placement: 'top-end' }),
  rtl: createToaster({ ...options, placement: 'top-start' }),
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

export function ToastRegion({ closeLabel }: { closeLabel: string }) {
  return (
    <>
      <ToastGroup toaster={toasters.ltr} closeLabel={closeLabel} />
      <ToastGroup toaster={toasters.rtl} closeLabel={closeLabel} />
    </>
  )
}

function ToastGroup({ toaster, closeLabel }: { toaster: (typeof toasters)['ltr']; closeLabel: string }) {
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        // The group is the one live region (polite); a toast that is also a status region is read twice,
        // so each toast is a labelled group inside it.
        <Toast.Root className={root} data-testid="toast" role="group">
          <Toast.Title className={css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.default' })}>{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description className={css({ fontSize: 'sm', color: 'fg.muted' })}>{toast.description}</Toast.Description> : null}
          <Toast.CloseTrigger
            aria-label={closeLabel}
            className={css({
              position: 'absolute',
              insetBlockStart: '2',
              insetInlineEnd: '2',
              color: 'fg.muted',
              cursor: 'pointer',
              // WCAG 2.5.8: a target of at least 24 px; 32 px fits the toast's inline-end padding.
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              minWidth: '8',
              minHeight: '8',
              borderRadius: 'md',
              _hover: { bg: 'bg.subtle' },
              _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
            })}
          >
            <CloseIcon />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}
