import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { typedInLocaleDigits } from '../../../src/i18n/typed-digits.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { checkGrace, graceText, parseSeconds } from '../settings/grace-form.ts'
import { useIsSchoolAdmin, useSchoolExamSettings } from '../settings/use-exam-settings.ts'

/**
 * The grace form: a direct call (an admin's setting is not work to keep on a device while offline,
 * so no event and no outbox), the catalogue's words inline before sending and after a refusal, a toast
 * either way. The field shows and takes the language's digits.
 */
function GraceForm({ stored, onSaved }: { stored: number; onSaved: () => void }) {
  const t = useT()
  const { locale } = useI18n()
  const form = useForm({
    id: 'exam-settings',
    initial: { offlineGraceSeconds: graceText(stored, locale) },
    rules: (values) => checkGrace(values.offlineGraceSeconds),
    submit: async (values) => {
      try {
        const saved = await callApi(
          (c) => c.examSettings.setSchoolExamSettings({ payload: { offlineGraceSeconds: parseSeconds(values.offlineGraceSeconds) } }),
          {
            idempotencyKey: crypto.randomUUID(),
          },
        )
        notify.success(t('exams.settings.saved'), t('exams.settings.savedText', { seconds: saved.offlineGraceSeconds }))
        onSaved()
      } catch (error) {
        notify.error(t('exams.settings.saveError'), problemOf(error).message)
        throw error
      }
    },
  })
  const { reset } = form
  // The stored value in the page's language (a reload, or another language chosen meanwhile).
  useEffect(() => reset({ offlineGraceSeconds: graceText(stored, locale) }), [stored, locale, reset])
  const field = form.field('offlineGraceSeconds')
  return (
    <form
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      data-testid="exam-settings-form"
    >
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      <TextField
        {...field}
        onValueChange={(typed) => field.onValueChange(typedInLocaleDigits(typed, locale))}
        label={t('exams.settings.grace')}
        helper={t('exams.settings.graceHelp')}
        inputMode="numeric"
        autoComplete="off"
        required
        className={css({ maxWidth: '48rem' })}
        testId="exam-settings-grace"
      />
      <div>
        <Button type="submit" loading={form.busy} data-testid="exam-settings-save">
          {t('exams.settings.save')}
        </Button>
      </div>
    </form>
  )
}

/** `/exams/settings`: a school admin sets her school's exam settings (issue 22: the offline grace period). */
export default function ExamSettingsPage() {
  const t = useT()
  const isAdmin = useIsSchoolAdmin()
  const read = useSchoolExamSettings(isAdmin)
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '48rem', width: 'full' })} data-testid="exam-settings-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('exams.settings.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('exams.settings.intro')}</p>
      </header>
      {!isAdmin ? (
        <EmptyState title={t('exams.settings.adminsOnlyTitle')} text={t('exams.settings.adminsOnlyText')} testId="exam-settings-admins-only" />
      ) : null}
      {isAdmin && read.status === 'loading' ? <LoadingBlock label={t('exams.settings.title')} /> : null}
      {isAdmin && read.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('exams.settings.loadError')}
          text={read.problem.message}
          action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {isAdmin && read.status === 'ready' ? (
        <Card padding="lg">
          <GraceForm stored={read.data.offlineGraceSeconds} onSaved={read.refetch} />
        </Card>
      ) : null}
    </section>
  )
}
