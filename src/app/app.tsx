import { I18nProvider, useT } from '../i18n/intl.tsx'
import { AppRouter } from '../plugin-host/router.tsx'
import { SessionProvider } from '../session/session-provider.tsx'
import { AppToaster } from '../ui/toast.tsx'
import { catalogues } from './registry.ts'

function Toasts() {
  const t = useT()
  return <AppToaster closeLabel={t('shell.common.close')} />
}

export function App() {
  return (
    <I18nProvider catalogues={catalogues}>
      <SessionProvider>
        <AppRouter />
        <Toasts />
      </SessionProvider>
    </I18nProvider>
  )
}
