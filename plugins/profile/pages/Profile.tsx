import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { ProfileUpdate } from '../../../contracts/api.ts'
import type { UserInfo } from '../../../contracts/entities.ts'
import { profileImageRules } from '../../../contracts/settings.ts'
import { checkProfile, formatIssue } from '../../../contracts/validation.ts'
import { fileValidation } from '../../../workers/file-validation.client.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { getEventStore, profileCommands, type ImagePayload } from '../../../src/app/profile-store.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { issuesToFields, type FieldErrors } from '../../../src/forms/issues.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useOnline } from '../../../src/layout/online.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { UserIcon } from '../../../src/ui/icons.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { ChangePassword } from './ChangePassword.tsx'

type Draft = { firstName: string; lastName: string; email: string; phone: string; preferredLanguage: 'en' | 'ar' }
const draftOf = (info: UserInfo): Draft => ({ firstName: info.firstName, lastName: info.lastName, email: info.email, phone: info.phone ?? '', preferredLanguage: info.preferredLanguage })

function ImagePicker({ current, onPick, error, pendingPreview }: { current: string | null; onPick: (file: File) => void; error?: string; pendingPreview: string | null }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const src = pendingPreview ?? current
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '4', gridColumn: '1 / -1' })}>
      {src ? (
        <img src={src} alt={t('profile.image.alt')} width={80} height={80} data-testid="profile-image-preview" className={css({ width: '20', height: '20', borderRadius: 'full', objectFit: 'cover', borderWidth: '2px', borderColor: 'border.default' })} />
      ) : (
        <span aria-hidden className={css({ display: 'inline-flex', width: '20', height: '20', borderRadius: 'full', bg: 'accent.subtle', color: 'accent.default', alignItems: 'center', justifyContent: 'center' })}>
          <UserIcon />
        </span>
      )}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <input
          ref={input}
          id="profile-image"
          type="file"
          accept={profileImageRules.types.join(',')}
          className={css({ srOnly: true })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-image-error' : 'profile-image-help'}
          data-testid="profile-image-input"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            const file = e.currentTarget.files?.[0]
            if (file) onPick(file)
            e.currentTarget.value = ''
          }}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={error ? 'profile-image-error' : 'profile-image-help'}>
          {t('profile.image.choose')}
        </Button>
        <span id="profile-image-help" className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('profile.image.help')}</span>
        {error ? <span id="profile-image-error" role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>{error}</span> : null}
      </div>
    </div>
  )
}

function ProfileForm({ info }: { info: UserInfo }) {
  const t = useT()
  const { locale } = useI18n()
  const store = getEventStore()
  const snapshot = useEventStore(store)
  const online = useOnline()
  const [draft, setDraft] = useState<Draft>(() => draftOf(info))
  const [touched, setTouched] = useState(false)
  const [imageError, setImageError] = useState<string | undefined>()
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  const version = info.version
  useEffect(() => setDraft(draftOf(info)), [version]) // eslint-disable-line react-hooks/exhaustive-deps

  const local = issuesToFields(checkProfile({ ...draft, phone: draft.phone === '' ? null : draft.phone }), locale)
  const fields: FieldErrors = touched ? local : {}
  const pending = snapshot.profile.pendingCount
  const rejection = snapshot.profile.lastRejection
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const languages = useMemo(() => [{ value: 'en', label: t('shell.lang.en') }, { value: 'ar', label: t('shell.lang.ar') }], [t])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (Object.keys(local).length > 0) return
    const payload: ProfileUpdate = { firstName: draft.firstName.trim(), lastName: draft.lastName.trim(), email: draft.email.trim(), phone: draft.phone === '' ? null : draft.phone, preferredLanguage: draft.preferredLanguage }
    store.dispatchCommand(profileCommands.update, { ...payload, expectedVersion: info.version })
  }
  const pick = async (file: File) => {
    // The file's bytes are read off the main thread (a large photo must not freeze the form).
    const { issues } = await fileValidation().checkProfileImageFile(file)
    if (issues.length > 0) {
      setImageError(formatIssue(issues[0]!, locale))
      return
    }
    setImageError(undefined)
    setPreview(URL.createObjectURL(file))
    const payload: ImagePayload = { bytes: new Uint8Array(await file.arrayBuffer()), type: file.type, size: file.size }
    store.dispatchCommand(profileCommands.uploadImage, payload)
  }
  return (
    <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('profile.details.title')}</h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('profile.details.text')}</p>
      </div>
      {pending > 0 ? (
        <Banner tone={online ? 'info' : 'warning'} testId="profile-pending">
          {online ? t('profile.sync.sending', { count: pending }) : t('profile.sync.offline', { count: pending })}
        </Banner>
      ) : null}
      {rejection ? <Banner tone="danger" testId="profile-rejected">{t('profile.sync.rejected', { message: rejection.message })}</Banner> : null}
      <form onSubmit={submit} noValidate data-testid="profile-form" className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, alignItems: 'start' })}>
        <ImagePicker current={info.image} onPick={(file) => void pick(file)} error={imageError} pendingPreview={preview} />
        <TextField label={t('profile.field.firstName')} autoComplete="given-name" value={draft.firstName} onValueChange={set('firstName')} error={fields.firstName} required testId="profile-first-name" />
        <TextField label={t('profile.field.lastName')} autoComplete="family-name" value={draft.lastName} onValueChange={set('lastName')} error={fields.lastName} required testId="profile-last-name" />
        <TextField label={t('profile.field.email')} type="email" autoComplete="email" dir="ltr" value={draft.email} onValueChange={set('email')} error={fields.email} required testId="profile-email" />
        <TextField label={t('profile.field.phone')} type="tel" inputMode="numeric" autoComplete="tel" dir="ltr" value={draft.phone} onValueChange={set('phone')} error={fields.phone} helper={t('profile.field.phoneHelp')} testId="profile-phone" />
        <Select label={t('profile.field.language')} options={languages} value={draft.preferredLanguage} onValueChange={(v) => set('preferredLanguage')(v === 'ar' ? 'ar' : 'en')} error={fields.preferredLanguage} testId="profile-language" />
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', justifyContent: 'flex-end' })}>
          <Button type="submit" data-testid="profile-submit">
            {t('profile.details.save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

export default function Profile() {
  const t = useT()
  const store = getEventStore()
  const snapshot = useEventStore(store)
  const info = snapshot.profile.profile
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    callApi((c) => c.account.getUserInfo()).then(
      (userInfo) => live && store.append({ name: 'v1.UserInfoLoaded', payload: { userInfo } }),
      (error: unknown) => live && setFailure(problemOf(error).message),
    )
    return () => {
      live = false
    }
  }, [store, attempt])
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{t('profile.page.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('profile.page.subtitle')}</p>
      </header>
      {info ? <ProfileForm info={info} /> : failure ? <EmptyState tone="danger" title={t('profile.page.loadFailed')} text={failure} action={<Button onClick={() => (setFailure(null), setAttempt((n) => n + 1))}>{t('shell.common.retry')}</Button>} /> : <LoadingBlock label={t('shell.common.loading')} />}
      <ChangePassword email={info?.email} />
    </div>
  )
}
