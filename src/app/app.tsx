import { I18nProvider, useT } from '../i18n/intl.tsx'
import { RegistryProvider } from '../plugin-host/registry-context.tsx'
import { AppRouter } from '../plugin-host/router.tsx'
import { SessionProvider } from '../session/session-provider.tsx'
import { AppToaster } from '../ui/toast.tsx'
import { catalogues, registry } from './registry.ts'

function Toasts() {
  const t = useT()
  return <AppToaster closeLabel={t('shell.common.close')} />
}

export function App() {
  return (
    <RegistryProvider value={registry}>
      <I18nProvider catalogues={catalogues}>
        <SessionProvider>
          <AppRouter />
          <Toasts />
        </SessionProvider>
      </I18nProvider>
    </RegistryProvider>
  )
}
