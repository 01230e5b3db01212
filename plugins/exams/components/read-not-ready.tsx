import type { Loadable } from '../../../src/resources/resource.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'

/**
 * What an exams page shows of a server read until it is ready: a spinner while it loads, the
 * server's problem with a retry after an error, nothing once ready (the page shows the data then).
 */
export function ReadNotReady({
  read,
  errorTitle,
  loadingLabel,
  errorTestId,
}: {
  readonly read: Loadable<unknown> & { readonly retry: () => void }
  readonly errorTitle: string
  /** What the spinner is named to a screen reader; "Loading" unless the page names what loads. */
  readonly loadingLabel?: string
  readonly errorTestId?: string
}) {
  const t = useT()
  if (read.status === 'loading') return <LoadingBlock label={loadingLabel ?? t('shell.common.loading')} />
  if (read.status === 'error')
    return (
      <EmptyState
        tone="danger"
        title={errorTitle}
        text={read.problem.message}
        action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>}
        testId={errorTestId}
      />
    )
  return null
}
