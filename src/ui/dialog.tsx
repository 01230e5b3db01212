import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { css, cx } from 'styled-system/css'
import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { CloseIcon } from './icons.tsx'

const backdrop = css({ position: 'fixed', inset: '0', bg: 'overlay', zIndex: 'overlay' })
const positioner = css({
  position: 'fixed',
  inset: '0',
  display: 'flex',
  alignItems: { base: 'flex-end', sm: 'center' },
  justifyContent: 'center',
  zIndex: 'modal',
  padding: { base: '0', sm: '4' },
})
const content = css({
  position: 'relative',
  bg: 'bg.surface',
  borderRadius: { base: '2xl 2xl 0 0', sm: '2xl' },
  boxShadow: 'xl',
  width: 'full',
  maxWidth: { base: 'full', sm: '30rem' },
  maxHeight: '85vh',
  overflowY: 'auto',
  padding: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  _focusVisible: { outline: 'none' },
})
const title = css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', paddingInlineEnd: '8' })
const description = css({ color: 'fg.muted', fontSize: 'sm' })

export interface DialogProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: ReactNode
  readonly description?: ReactNode
  readonly children?: ReactNode
  readonly footer?: ReactNode
  readonly closeLabel: string
  readonly role?: 'dialog' | 'alertdialog'
  readonly wide?: boolean
  readonly testId?: string
  readonly closeOnInteractOutside?: boolean
}

/** A modal dialog (Ark: focus trap, Escape, aria-modal); lazily mounted and unmounted on close. */
export function Dialog({
  open,
  onOpenChange,
  title: heading,
  description: text,
  children,
  footer,
  closeLabel,
  role = 'dialog',
  wide,
  testId,
  closeOnInteractOutside = true,
}: DialogProps) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit role={role} closeOnInteractOutside={closeOnInteractOutside}>
      <Portal>
        <ArkDialog.Backdrop className={backdrop} />
        <ArkDialog.Positioner className={positioner}>
          <ArkDialog.Content className={cx(content, wide ? css({ maxWidth: { sm: '40rem' } }) : undefined)} data-testid={testId}>
            <ArkDialog.Title className={title}>{heading}</ArkDialog.Title>
            {text ? <ArkDialog.Description className={description}>{text}</ArkDialog.Description> : null}
            {children}
            {footer ? <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>{footer}</div> : null}
            <ArkDialog.CloseTrigger asChild>
              <Button
                variant="ghost"
                size="sm"
                aria-label={closeLabel}
                className={css({ position: 'absolute', insetBlockStart: '4', insetInlineEnd: '4', width: '8', paddingInline: '0' })}
              >
                <CloseIcon />
              </Button>
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}

/** The confirmation variant: a question, a confirm and a cancel button. */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  onConfirm,
  danger,
  confirmTestId,
  ...props
}: Omit<DialogProps, 'footer' | 'role'> & { confirmLabel: string; cancelLabel: string; onConfirm: () => void; danger?: boolean; confirmTestId?: string }) {
  return (
    <Dialog
      {...props}
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
