import type { StoredSession } from '../../machines/session.machine.ts'
import { accountIdOf, isExpired, lacksUser, sharedTokens } from './storage.ts'

/**
 * Every tab of the browser shares one token pair, and a refresh token works once: a tab that
 * refreshed with the token another tab has already used would revoke the session everywhere (109).
 * So before refreshing (under a lock across tabs) a tab looks whether another tab renewed the pair:
 * it takes that one as it is, or refreshes with it when it has expired too or this tab still has to
 * learn its user and roles. Only a pair of the same account counts: another tab may have signed out
 * and in as someone else.
 */
export const refreshShared =
  (local: Pick<Storage, 'getItem'>, refresh: (session: StoredSession) => Promise<StoredSession>) =>
  async (session: StoredSession): Promise<StoredSession> => {
    const shared = sharedTokens(local)
    const renewedElsewhere =
      shared !== null && shared.refreshToken !== session.refreshToken && accountIdOf(shared.accessToken) === accountIdOf(session.accessToken) ? shared : null
    if (renewedElsewhere === null) return refresh(session)
    const latest = { ...session, ...renewedElsewhere }
    return lacksUser(session) || isExpired(renewedElsewhere.tokenExpiration) ? refresh(latest) : latest
  }
