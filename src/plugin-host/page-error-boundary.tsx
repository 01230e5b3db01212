import { Component, type ReactNode } from 'react'
import { useT } from '../i18n/intl.tsx'
import { Button } from '../ui/button.tsx'
import { EmptyState } from '../ui/empty-state.tsx'

/** A page that could not be shown (or whose code could not be loaded), with a retry. */
export function PageFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <EmptyState
      tone="danger"
      title={t('shell.common.error')}
      text={t('errors.505.text')}
      action={<Button onClick={onRetry}>{t('shell.common.retry')}</Button>}
    />
  )
}

/** A page that throws (or whose chunk fails to load) shows a retry instead of a blank screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <PageFailed onRetry={() => this.setState({ failed: false })} /> : this.props.children
  }
}
