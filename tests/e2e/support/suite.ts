import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from '../../support/chromium.ts'
import { startServerProcess, type RunningServer } from '../../support/server-process.ts'
import { seededTemplateFile } from '../../server/support/pglite-template.ts'

/**
 * One real server (the built client + API on its own copy of the seeded embedded database, as the
 * server tests start from) and one Chromium per test file; each test opens its own browser context,
 * so nothing leaks between tests.
 */
export const useAppServer = (env: Record<string, string> = {}, browserArgs: ReadonlyArray<string> = []) => {
  const handle: { server: RunningServer; browser: Browser } = {} as never
  beforeAll(async () => {
    ;[handle.server, handle.browser] = await Promise.all([startServerProcess(env, { seededTemplate: await seededTemplateFile() }), launchChromium(browserArgs)])
  })
  afterAll(async () => {
    await handle.browser?.close()
    await handle.server?.stop()
  })
  return handle
}
