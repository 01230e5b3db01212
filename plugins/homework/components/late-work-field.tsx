import { useT } from '../../../src/i18n/intl.tsx'
import { Switch } from '../../../src/ui/switch.tsx'

/** The homework's late-work setting (late-work.ts): on, work handed in after the due date is taken and marked late; off, it closes then. */
export function LateWorkField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT()
  return (
    <Switch
      checked={value === 'accepted'}
      onCheckedChange={(accepted) => onChange(accepted ? 'accepted' : 'closed')}
      label={t('homework.form.lateWork')}
      hint={t(value === 'accepted' ? 'homework.form.lateWorkAccepted' : 'homework.form.lateWorkClosed')}
      testId="homework-late-work"
    />
  )
}
