import { useEffect } from 'react'
import { useT } from '../i18n/intl.tsx'

/** For a page whose title is its data ("Grade 4 – A · Fasl"); routes with a fixed title declare it instead (PluginRoute.title). */
export function usePageTitle(title: string | null): void {
  const t = useT()
  const full = title === null ? null : t('shell.app.pageTitle', { page: title, app: t('shell.app.name') })
  useEffect(() => {
    if (full !== null) document.title = full
  }, [full])
}
