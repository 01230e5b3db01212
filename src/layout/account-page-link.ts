import { useContributions } from '../plugin-host/registry-context.tsx'
import { accountPage } from './account-page.ts'

/** The contributed account page's address, or null when no feature has one (the chip then leads nowhere). */
export const useAccountPageLink = (): string | null => useContributions(accountPage)[0]?.route.link() ?? null
