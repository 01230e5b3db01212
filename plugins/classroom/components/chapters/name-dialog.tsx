import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { chapterNameMaxLength } from '../../contract/chapters-api.ts'
import { useForm } from '../../../../src/forms/use-form.ts'
import { useT } from '../../../../src/i18n/intl.tsx'
import { Banner } from '../../../../src/ui/banner.tsx'
import { Button } from '../../../../src/ui/button.tsx'
import { Dialog } from '../../../../src/ui/dialog.tsx'
import { TextField } from '../../../../src/ui/field.tsx'
import { checkChapterOrTopicName } from './name-rules.ts'

export interface NameDialogProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: string
  readonly label: string
  readonly submitLabel: string
  /** The current name when renaming; empty when creating. */
  readonly initialName?: string
  /** Sends the name; a refusal (105, "name already exists") lands on the field, anything else above it. */
  readonly save: (name: string) => Promise<void>
  readonly testId: string
}

/** One name in a dialog: create or rename a chapter or a topic. */
export function NameDialog({ open, onOpenChange, title, label, submitLabel, initialName = '', save, testId }: NameDialogProps) {
  const t = useT()
  const form = useForm({
    id: testId,
    initial: { name: initialName },
    rules: (values) => checkChapterOrTopicName(values.name ?? ''),
    submit: async (values) => {
      await save(values.name)
      onOpenChange(false)
    },
  })
  const { reset } = form
  // Each opening starts from the current name, without the last attempt's messages.
  useEffect(() => {
    if (open) reset({ name: initialName })
  }, [open, initialName, reset])
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('shell.common.close')} testId={testId}>
      <form onSubmit={form.handleSubmit} noValidate className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
        <TextField
          {...form.field('name')}
          label={label}
          required
          dir="auto"
          autoComplete="off"
          maxLength={chapterNameMaxLength + 20}
          testId={`${testId}-name`}
        />
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('shell.common.cancel')}
          </Button>
          <Button type="submit" loading={form.busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
