import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { css } from 'styled-system/css'
import type { ProfileFields } from '../contract/account-api.ts'
import type { UserInfo } from '../../../contracts/entities.ts'
import { ResponseCode } from '../../../contracts/errors.ts'
import { profileImageRules } from '../../../contracts/settings.ts'
import { checkProfile, normalisePhone } from '../../../contracts/validation.ts'
import { formatIssue } from '../../../contracts/validation-format.ts'
import { fileValidation } from '../../../workers/file-validation.client.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import type { EventStore } from '../../../src/events/store.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useOnline } from '../../../src/layout/online.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { PasswordField } from '../../../src/ui/password-field.tsx'
import { UserIcon } from '../../../src/ui/icons.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { updateProfile, uploadProfileImage } from '../commands.ts'
import { profileEventNames } from '../events.ts'
import type { Conflict, ProfileView } from '../projection.ts'
import { ChangePassword } from './ChangePassword.tsx'

const profileCommandNames = new Set<string>([profileEventNames.updateRequested, profileEventNames.imageUploadRequested])
/** Refusals that belong to one field: marked there (the field shows the saved value again). */
const profileFieldCodes = { [ResponseCode.emailAlreadyExists]: 'email' }
const loadUserInfo = () => callApi((c) => c.account.getUserInfo())

/** `currentPassword` lives only in the form's memory: asked when the email changes, never written to the event log. */
type Draft = { firstName: string; lastName: string; email: string; phone: string; preferredLanguage: 'en' | 'ar'; currentPassword: string }
const draftOf = (info: UserInfo): Draft => ({
  firstName: info.firstName,
  lastName: info.lastName,
  email: info.email,
  phone: info.phone ?? '',
  preferredLanguage: info.preferredLanguage,
  currentPassword: '',
})
const emailChanged = (draft: Draft, info: UserInfo) => draft.email.trim().toLowerCase() !== info.email.toLowerCase()

function ImagePicker({
  current,
  onPick,
  error,
  pendingPreview,
}: {
  current: string | null
  onPick: (file: File) => void
  error?: string
  pendingPreview: string | null
}) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const src = pendingPreview ?? current
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '4', gridColumn: '1 / -1' })}>
      {src ? (
        <img
          src={src}
          alt={t('profile.image.alt')}
          width={80}
          height={80}
          data-testid="profile-image-preview"
          className={css({ width: '20', height: '20', borderRadius: 'full', objectFit: 'cover', borderWidth: '2px', borderColor: 'border.default' })}
        />
      ) : (
        <span
          aria-hidden
          className={css({
            display: 'inline-flex',
            width: '20',
            height: '20',
            borderRadius: 'full',
            bg: 'accent.subtle',
            color: 'accent.default',
            alignItems: 'center',
            justifyContent: 'center',
          })}
        >
          <UserIcon />
        </span>
      )}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <input
          ref={input}
          id="profile-image"
          type="file"
          accept={profileImageRules.types.join(',')}
          // Hidden and out of the tab order: the visible button below opens it and carries the name.
          className={css({ srOnly: true })}
          tabIndex={-1}
          aria-hidden
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
        <span id="profile-image-help" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('profile.image.help')}
        </span>
        {error ? (
          <span id="profile-image-error" role="alert" className={css({ fontSize: 'sm', color: 'danger.default' })}>
            {error}
          </span>
        ) : null}
      </div>
    </div>
  )
}

/** "Changed elsewhere": the teacher keeps her edit (sent again on top of the newer version) or takes theirs. */
function ConflictBanner({ store, conflict, newer }: { store: EventStore; conflict: Conflict; newer: UserInfo | null }) {
  const t = useT()
  const resolve = (choice: 'mine' | 'theirs') => {
    if (choice === 'mine' && newer) store.dispatch(updateProfile, { ...conflict.mine, expectedVersion: newer.version })
    store.append(profileEventNames.conflictResolved, { commandId: conflict.commandId, choice })
  }
  return (
    <Banner tone="warning" testId="profile-conflict">
      <span className={css({ flex: '1' })}>{t('profile.conflict.text')}</span>
      {newer ? (
        <span className={css({ display: 'flex', gap: '2' })}>
          <Button size="sm" onClick={() => resolve('mine')} data-testid="profile-conflict-mine">
            {t('profile.conflict.mine')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => resolve('theirs')} data-testid="profile-conflict-theirs">
            {t('profile.conflict.theirs')}
          </Button>
        </span>
      ) : (
        <span>{t('profile.conflict.loading')}</span>
      )}
    </Banner>
  )
}

function ProfileForm({ info }: { info: UserInfo }) {
  const t = useT()
  const { locale } = useI18n()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const view = snapshot.views.profile as ProfileView
  const online = useOnline()
  const [imageError, setImageError] = useState<string | undefined>()
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  /** Saving: the edit goes to the device's event log and the outbox, made against the version the form shows (the server refuses it if that moved on meanwhile). */
  const save = async (draft: Draft) => {
    const fields: ProfileFields = {
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      email: draft.email.trim(),
      phone: draft.phone.trim() === '' ? null : normalisePhone(draft.phone),
      preferredLanguage: draft.preferredLanguage,
    }
    if (!emailChanged(draft, info)) return void setSentId(store.dispatch(updateProfile, { ...fields, expectedVersion: info.version }))
    // A new email carries the current password: a direct call, online, never stored on the device
    // (like the password change); its answer (the email unchanged, the new one pending until its
    // link is followed) enters the log as a fresh read of the profile.
    try {
      const userInfo = await callApi((c) =>
        c.account.updateProfile({ payload: { ...fields, expectedVersion: info.version, currentPassword: draft.currentPassword } }),
      )
      store.append(profileEventNames.userInfoLoaded, { userInfo })
    } catch (error) {
      // A refused field shows the saved value again under the server's message (useForm places it);
      // a wrong current password keeps the new address, so the teacher only retypes the password.
      if (problemOf(error).code !== ResponseCode.oldPasswordIncorrect) form.reset(draftOf(info))
      throw error
    }
  }
  const [sentId, setSentId] = useState<string | null>(null)
  const form = useForm<Draft>({
    id: 'profile',
    initial: draftOf(info),
    rules: (draft) => [
      ...checkProfile({ ...draft, phone: draft.phone === '' ? null : draft.phone }),
      ...(emailChanged(draft, info) && draft.currentPassword === '' ? [{ field: 'currentPassword', key: 'required' as const }] : []),
    ],
    fieldCodes: { ...profileFieldCodes, [ResponseCode.oldPasswordIncorrect]: 'currentPassword' },
    submit: save,
  })
  const version = info.version
  // A new server version, or an edit taken back or re-sent: the form shows what the profile now is.
  useEffect(() => form.reset(draftOf(info)), [version, view.pendingCount, view.conflict?.commandId]) // eslint-disable-line react-hooks/exhaustive-deps

  const rejection = view.lastRejection
  // After the reset above: a refused field is marked with the server's message over its saved value.
  useEffect(() => {
    if (rejection && rejection.commandName === profileEventNames.updateRequested)
      form.refuse({ _tag: 'ApiProblem', code: Number(rejection.code), status: 400, message: rejection.message, fields: rejection.fields })
  }, [rejection?.commandId]) // eslint-disable-line react-hooks/exhaustive-deps
  const fieldRefusal = rejection !== null && (Object.keys(rejection.fields).length > 0 || Number(rejection.code) in profileFieldCodes)
  const saved = sentId !== null && view.lastSaved === sentId

  // Only what IndexedDB holds counts as kept on this device.
  const pending = snapshot.sync.pending.filter((e) => profileCommandNames.has(e.name)).length
  const conflict = view.conflict
  // The version that moved on, once it is loaded: "keep mine" sends against it.
  const newer =
    conflict && view.confirmed && (conflict.mine.expectedVersion === null || view.confirmed.version > conflict.mine.expectedVersion) ? view.confirmed : null
  const languages = useMemo(
    () => [
      { value: 'en', label: t('shell.lang.en') },
      { value: 'ar', label: t('shell.lang.ar') },
    ],
    [t],
  )

  const pick = async (file: File) => {
    // The file's bytes are read off the main thread (a large photo must not freeze the form).
    const { issues } = await fileValidation().checkProfileImageFile(file)
    if (issues.length > 0) {
      setImageError(formatIssue(issues[0]!, locale))
      return
    }
    setImageError(undefined)
    let fileId: string
    try {
      fileId = await store.putFile(new Uint8Array(await file.arrayBuffer()))
    } catch {
      return // not kept: the store reports it (the shell's storage banner); no preview claims otherwise
    }
    setPreview(URL.createObjectURL(file))
    store.dispatch(uploadProfileImage, { fileId, type: file.type, size: file.size })
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
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      {rejection && !fieldRefusal ? (
        <Banner tone="danger" testId="profile-rejected">
          {t('profile.sync.rejected', { message: rejection.message })}
        </Banner>
      ) : null}
      {conflict ? <ConflictBanner store={store} conflict={conflict} newer={newer} /> : null}
      {/* A new email waits for its link (the answer is the same whether or not the address is free). */}
      {info.pendingEmail !== undefined ? (
        <Banner tone="info" testId="profile-email-pending">
          {t('profile.email.pending', { email: info.pendingEmail })}
        </Banner>
      ) : null}
      <form
        onSubmit={form.handleSubmit}
        noValidate
        data-testid="profile-form"
        className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' }, alignItems: 'start' })}
      >
        <ImagePicker current={info.image} onPick={(file) => void pick(file)} error={imageError} pendingPreview={preview} />
        <TextField {...form.field('firstName')} label={t('profile.field.firstName')} autoComplete="given-name" required testId="profile-first-name" />
        <TextField {...form.field('lastName')} label={t('profile.field.lastName')} autoComplete="family-name" required testId="profile-last-name" />
        <TextField {...form.field('email')} label={t('profile.field.email')} type="email" autoComplete="email" dir="ltr" required testId="profile-email" />
        <TextField
          {...form.field('phone')}
          label={t('profile.field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          helper={t('profile.field.phoneHelp')}
          testId="profile-phone"
        />
        {emailChanged(form.values, info) ? (
          <PasswordField
            {...form.field('currentPassword')}
            label={t('profile.field.currentPassword')}
            helper={t('profile.field.currentPasswordHelp')}
            showLabel={t('shell.common.showField', { field: t('profile.field.currentPassword') })}
            hideLabel={t('shell.common.hideField', { field: t('profile.field.currentPassword') })}
            autoComplete="current-password"
            required
            testId="profile-current-password"
          />
        ) : null}
        <Select
          label={t('profile.field.language')}
          options={languages}
          value={form.values.preferredLanguage}
          onValueChange={(v) => form.set('preferredLanguage')(v === 'ar' ? 'ar' : 'en')}
          error={form.errors.preferredLanguage}
          testId="profile-language"
        />
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '3' })}>
          {/* Always in the page, so the screen reader announces the word when it appears. */}
          <span role="status" data-testid="profile-saved" className={css({ color: 'accent.emphasis', fontWeight: 'medium', fontSize: 'sm' })}>
            {saved && pending === 0 ? t('profile.details.saved') : null}
          </span>
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
  const store = useEventStore()
  // Undefined until the store has loaded the plugins' declarations.
  const view = useStoreSnapshot().views.profile as ProfileView | undefined
  // Each visit asks the server again: a cached answer may be older than this device's last save.
  const loaded = useResource(['userInfo'], loadUserInfo, { freshOnMount: true })
  const { refetch } = loaded
  const read = loaded.status === 'ready' ? loaded.data : null
  // One model (the projection's profileModel, read-model.ts): the read goes into the log as it
  // comes, and the page shows the newest the server said (that read, a later one, or the answer one
  // of this device's saves got) with the edits still waiting applied. Offline, the read the log kept.
  useEffect(() => void (read && store.append(profileEventNames.userInfoLoaded, { userInfo: read })), [read, store])
  const info = view?.profile ?? null
  // A "changed elsewhere" refusal needs the newer version to choose against.
  const conflictId = view?.conflict?.commandId
  useEffect(() => void (conflictId && refetch()), [conflictId, refetch])
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <header>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{t('profile.page.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('profile.page.subtitle')}</p>
      </header>
      {info ? (
        <ProfileForm info={info} />
      ) : loaded.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('profile.page.loadFailed')}
          text={loaded.problem.message}
          action={<Button onClick={loaded.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : (
        <LoadingBlock label={t('shell.common.loading')} />
      )}
      <ChangePassword email={info?.email} />
    </div>
  )
}
