import { defineExtensionPoint } from '../plugin-host/extension-point.ts'
import type { ParamlessRouteRef } from '../plugin-host/route-ref.ts'

/**
 * The page where the signed-in person manages her own account (name, picture, password): the
 * frame's user chip and its password-change banner lead there. The frame owns the place and names
 * no feature; the feature with that page contributes its route in its manifest, once.
 * Declarations only: the manifests import this; the frame reads it with account-page-link.ts.
 */
export interface AccountPageContribution {
  readonly route: ParamlessRouteRef
}

/** Extension point: the account page. At most one. */
export const accountPage = defineExtensionPoint<AccountPageContribution>('shell.accountPage', () => 'accountPage')
