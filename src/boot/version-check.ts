/**
 * Boot step 1 (spec §4 "App version"): fetch /meta.json without cache; when the server's version is
 * newer than the built one, clear Cache Storage and service workers and hard-reload once.
 */
export const reloadFlagKey = 'fasl.versionReload'

/** Compares dotted numeric versions ("0.10.2" > "0.9.9"); a non-numeric part compares as text. */
export const isNewerVersion = (server: string, built: string): boolean => {
  const a = server.trim().split(/[.+-]/)
  const b = built.trim().split(/[.+-]/)
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '0'
    const y = b[i] ?? '0'
    const nx = Number(x)
    const ny = Number(y)
    if (Number.isFinite(nx) && Number.isFinite(ny)) {
      if (nx !== ny) return nx > ny
    } else if (x !== y) return x > y
  }
  return false
}

export interface VersionCheckEnv {
  readonly fetchMeta: () => Promise<{ version: string } | null>
  readonly builtVersion: string
  readonly session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  readonly clearCaches: () => Promise<void>
  readonly reload: () => void
}

/** Returns 'reloading' when the page is being replaced, 'ok' otherwise (also when the check fails). */
export const checkVersion = async (env: VersionCheckEnv): Promise<'ok' | 'reloading'> => {
  let meta: { version: string } | null
  try {
    meta = await env.fetchMeta()
  } catch {
    return 'ok'
  }
  if (meta === null || !isNewerVersion(meta.version, env.builtVersion)) {
    env.session.removeItem(reloadFlagKey)
    return 'ok'
  }
  // Already reloaded once for this server version: the server is ahead of every build we can get.
  if (env.session.getItem(reloadFlagKey) === meta.version) return 'ok'
  env.session.setItem(reloadFlagKey, meta.version)
  await env.clearCaches().catch(() => undefined)
  env.reload()
  return 'reloading'
}

export const browserVersionCheck = (): Promise<'ok' | 'reloading'> =>
  checkVersion({
    builtVersion: __APP_VERSION__,
    session: sessionStorage,
    fetchMeta: async () => {
      const response = await fetch('/meta.json', { cache: 'no-store', headers: { Accept: 'application/json' } })
      if (!response.ok) return null
      const body = (await response.json()) as { version?: unknown }
      return typeof body.version === 'string' ? { version: body.version } : null
    },
    clearCaches: async () => {
      if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key)
      if ('serviceWorker' in navigator) for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister()
    },
    reload: () => window.location.reload(),
  })
