import { useEffect } from 'react'
import { useT } from '../i18n/intl.tsx'

/** For a page whose title is its data ("Grade 4 – A · Fasl"); routes with a fixed title declare it instead (PluginRoute.title). */
export function usePageTitle(title: string | null): void {
  const appName = useT()('shell.app.name')
  useEffect(() => {
    if (title !== null) document.title = `${title} · ${appName}`
  }, [title, appName])
}
