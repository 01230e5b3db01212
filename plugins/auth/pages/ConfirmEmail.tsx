import { useState } from 'react'
import { Link, useSearch } from 'wouter'
import { ResponseCode } from '../../../contracts/errors.ts'
import { webClient } from '../../../contracts/settings.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { ClockIcon, SparkIcon } from '../../../src/ui/icons.tsx'
import { AuthCard } from './auth-card.tsx'

type State =
  { kind: 'ready' } | { kind: 'busy' } | { kind: 'changed'; email: string } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string }

/**
 * /confirmEmail?token=: the link mailed to a new address. The change is made when the teacher
 * presses the button, not when the page opens, so a mail scanner that opens links changes nothing.
 * A used, expired or unknown link (160) and an address taken meanwhile (161) end here with the
 * server's message; a network failure leaves the button to try again.
 */
export default function ConfirmEmail() {
  const t = useT()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [state, setState] = useState<State>(token === '' ? { kind: 'refused', message: t('auth.confirmEmail.missingLink') } : { kind: 'ready' })
  const confirm = async () => {
    setState({ kind: 'busy' })
    try {
      const { email } = await callApi((c) => c.auth.confirmEmail({ payload: { token, ...webClient } }), { auth: false })
      setState({ kind: 'changed', email })
    } catch (error) {
      const problem = problemOf(error)
      const refused = problem.code === ResponseCode.emailLinkInvalid || problem.code === ResponseCode.emailTakenAtConfirmation
      setState({ kind: refused ? 'refused' : 'failed', message: problem.message })
    }
  }
  const signIn = (
    <Link href={shellRoutes.signIn.link()} className={buttonStyle({ size: 'lg', full: true })}>
      {t('auth.resetDone.signIn')}
    </Link>
  )
  if (state.kind === 'changed')
    return (
      <AuthCard
        title={t('auth.confirmEmail.doneTitle')}
        text={t('auth.confirmEmail.doneText', { email: state.email })}
        icon={<SparkIcon />}
        testId="confirm-email-done"
      >
        {signIn}
      </AuthCard>
    )
  if (state.kind === 'refused')
    return (
      <AuthCard title={t('auth.confirmEmail.refusedTitle')} text={state.message} icon={<ClockIcon />} testId="confirm-email-refused">
        {signIn}
      </AuthCard>
    )
  return (
    <AuthCard title={t('auth.confirmEmail.title')} text={t('auth.confirmEmail.text')} testId="confirm-email">
      {state.kind === 'failed' ? <Banner tone="danger">{state.message}</Banner> : null}
      <Button size="lg" full loading={state.kind === 'busy'} onClick={() => void confirm()} data-testid="confirm-email-submit">
        {t('auth.confirmEmail.submit')}
      </Button>
    </AuthCard>
  )
}
