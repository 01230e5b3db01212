import { describe, expect, it } from 'vitest'
import { buildRegistry } from '../../../src/plugin-host/registry.ts'
import { plugins } from '../../../src/plugins.ts'
import { newFacts, sessionPageModel, type SessionWorld } from '../models/session.model.ts'
import { newPage } from '../support/app.ts'
import { browserPaths } from '../support/model-runner.ts'
import { useAppServer } from '../support/suite.ts'

// The machine comes from the plugin list, as every registered machine will (the exam machines plug in a PageModel the same way).
const registered = buildRegistry(plugins, { en: () => Promise.resolve({ default: {} }), ar: () => Promise.resolve({ default: {} }) }).machines
const sessionMachine = await registered.find((machine) => machine.id === 'session')!.load()
const paths = browserPaths(sessionMachine, sessionPageModel)

describe('session machine, driven in Chromium: each event performed on the page, each state checked on the page', () => {
  const app = useAppServer()

  it('generates a bounded set of paths that performs every page event and reaches every state but the token refresh', () => {
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.length).toBeLessThan(40)
    const performed = new Set(paths.flatMap((path) => path.events))
    for (const event of sessionPageModel.events) expect(performed, event.type).toContain(event.type)
    // refreshing / renewing (and the history state a refresh returns through) need a token to expire
    // under a call: tests/machines/session.test.ts walks them, teacher-session.test.ts drives them.
    expect([...new Set(paths.flatMap((path) => path.states))].sort()).toEqual([
      'signedIn.active',
      'signedIn.hidden',
      'signedIn.idleWarning',
      'signedOut',
      'signingIn.withLink',
      'signingIn.withPassword',
      'timedOut',
    ])
  })

  for (const path of paths) {
    it(path.description, async () => {
      const { context, page } = await newPage(app.browser, app.server.url)
      await context.clock.install()
      const world: SessionWorld = { baseURL: app.server.url, context, page, held: null, facts: newFacts() }
      try {
        await page.goto('/Signin')
        await path.run(world)
      } finally {
        await context.close()
      }
    })
  }
})
