import 'fake-indexeddb/auto'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import fieldTrips from './fixtures/field-trips/plugin.ts'
import { sent } from './fixtures/field-trips/store-parts.ts'
import { classify, settled } from './events/fixtures.ts'
import { loadCatalogue } from '../../src/events/catalogue.ts'
import { createEventStore } from '../../src/events/store.ts'
import { homeCards } from '../../plugins/home/public.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { buildRegistry, findRoute, visibleNav } from '../../src/plugin-host/registry.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { plugins } from '../../src/plugins.ts'
import { registry as appRegistry } from '../../src/app/registry.ts'
import { createCatalogues } from '../../src/i18n/intl.tsx'

const page = () => Promise.resolve({ default: () => null })
const bundle = (messages: Record<string, string>) => () => Promise.resolve({ default: messages })
const shell = { en: bundle({ 'shell.a.b': 'x' }), ar: bundle({ 'shell.a.b': 'س' }) }
const appShell = { en: () => import('../../src/i18n/locales/en.json'), ar: () => import('../../src/i18n/locales/ar.json') }
const icon = () => null

describe('plugin host', () => {
  it('builds routes, side bar (ordered) and catalogue from the plugin list', async () => {
    const a = definePlugin({
      id: 'a',
      routes: [{ route: defineRoute('/a'), page, auth: true }],
      nav: [{ id: 'a', label: 'shell.nav.label', route: defineRoute('/a'), role: 'A', icon, order: 2 }],
      messages: { en: bundle({ 'a.x.y': 'A' }), ar: bundle({ 'a.x.y': 'أ' }) },
    })
    const b = definePlugin({
      id: 'b',
      routes: [{ route: defineRoute('/b'), page, auth: false }],
      nav: [{ id: 'b', label: 'shell.nav.label', route: defineRoute('/b'), role: 'B', icon, order: 1 }],
      messages: { en: bundle({}), ar: bundle({}) },
    })
    const registry = buildRegistry([a, b], shell)
    expect(registry.routes.map((r) => [r.pluginId, r.path])).toEqual([
      ['a', '/a'],
      ['b', '/b'],
    ])
    expect(registry.nav.map((n) => [n.id, n.to])).toEqual([
      ['b', '/b'],
      ['a', '/a'],
    ])
    expect(await registry.loadMessages('en')).toEqual({ 'shell.a.b': 'x', 'a.x.y': 'A' })
  })
  it('a signed-out page gets the shell and the signed-out pages’ messages only; signing in adds the rest', async () => {
    const signIn = definePlugin({
      id: 'signIn',
      routes: [{ route: defineRoute('/signin'), page, auth: false }],
      messages: { en: bundle({ 'signIn.x.y': 'S' }), ar: bundle({}) },
    })
    const homework = definePlugin({
      id: 'homework',
      routes: [{ route: defineRoute('/hw'), page, auth: true }],
      messages: { en: bundle({ 'homework.x.y': 'H' }), ar: bundle({}) },
    })
    const shared = { en: bundle({ 'questions.a.b': 'Q' }), ar: bundle({}) }
    const registry = buildRegistry([signIn, homework], shell, shared)
    expect(registry.signedOutPlugins).toEqual(['signIn'])
    expect(await registry.loadMessages('en', 'signedOut')).toEqual({ 'shell.a.b': 'x', 'signIn.x.y': 'S' })
    expect(await registry.loadMessages('en', 'all')).toEqual({ 'shell.a.b': 'x', 'questions.a.b': 'Q', 'signIn.x.y': 'S', 'homework.x.y': 'H' })
    // The catalogues keep the fullest set per language: 'all' answers a signed-out page too.
    const catalogues = createCatalogues(registry.loadMessages)
    await catalogues.load('en', 'signedOut')
    expect([catalogues.has('en', 'signedOut'), catalogues.has('en', 'all'), catalogues.get('en')?.['homework.x.y']]).toEqual([true, false, undefined])
    await catalogues.load('en', 'all')
    expect([catalogues.has('en', 'signedOut'), catalogues.has('en', 'all'), catalogues.get('en')?.['homework.x.y']]).toEqual([true, true, 'H'])
    expect(catalogues.has('ar', 'signedOut')).toBe(false)
  })
  it('in the app, the sign-in page’s messages hold no feature’s text, signing in brings every plugin’s, and the build can tell them apart', async () => {
    const signedOut = await appRegistry.loadMessages('en', 'signedOut')
    expect(Object.keys(signedOut).some((key) => key.startsWith('homework.') || key.startsWith('questions.') || key.startsWith('courses.'))).toBe(false)
    expect(signedOut['auth.signIn.title']).toBeDefined()
    const all = await appRegistry.loadMessages('en', 'all')
    for (const plugin of plugins)
      expect(
        Object.keys(all).some((key) => key.startsWith(`${plugin.id}.`)),
        plugin.id,
      ).toBe(true)
    expect(Object.keys(all).some((key) => key.startsWith('questions.'))).toBe(true)
    // vite.config.ts puts locales/signed-out/ in the signed-out chunk: exactly the plugins with signed-out pages keep their messages there.
    for (const plugin of plugins)
      expect(existsSync(`plugins/${plugin.id}/locales/signed-out/en.json`), plugin.id).toBe(appRegistry.signedOutPlugins.includes(plugin.id))
  })
  it('refuses two plugins with one id', () => {
    const a = definePlugin({ id: 'a', routes: [], messages: shell })
    expect(() => buildRegistry([a, a], shell)).toThrow(/share the id/)
  })
  it('refuses two plugins binding one path (also differing in case)', () => {
    const a = definePlugin({ id: 'a', routes: [{ route: defineRoute('/same'), page, auth: false }], messages: shell })
    const b = definePlugin({ id: 'b', routes: [{ route: defineRoute('/SAME'), page, auth: false }], messages: shell })
    expect(() => buildRegistry([a, b], shell)).toThrow(/bound by a and b/)
  })
  it("refuses a message outside the plugin's own key space", async () => {
    const a = definePlugin({ id: 'a', routes: [], messages: { en: bundle({ 'b.x.y': 'no' }), ar: bundle({}) } })
    await expect(buildRegistry([a], shell).loadMessages('en')).rejects.toThrow(/must start with "a."/)
  })
  it('loads a language only when asked, and once', async () => {
    let loads = 0
    const counting = { en: () => (loads++, Promise.resolve({ default: {} })), ar: bundle({}) }
    const registry = buildRegistry([definePlugin({ id: 'a', routes: [], messages: counting })], shell)
    expect(loads).toBe(0)
    await registry.loadMessages('en')
    await registry.loadMessages('en')
    expect(loads).toBe(1)
  })
  it('declares the required roles of the spec on the real routes', () => {
    const routes = buildRegistry(plugins, appShell).routes
    const rolesOf = (path: string) => routes.find((r) => r.path === path)?.roles ?? []
    for (const path of ['/exams', '/exams/create', '/exams/edit/:id', '/exams/sessions', '/exams/sessions/examcorrect/:id'])
      expect(rolesOf(path)).toEqual(['Exams'])
    // The list and a course's page serve a teacher (Courses) and her students: their pages check the role (plugins/courses/components/by-role.tsx).
    expect(rolesOf('/courses')).toEqual([])
    for (const path of ['/courses/create', '/courses/edit/:id']) expect(rolesOf(path)).toEqual(['Courses'])
    for (const path of ['/calendar', '/onlinesessions', '/onlinesessions/summary']) expect(rolesOf(path)).toEqual(['Schedule'])
    expect(rolesOf('/settingProfile')).toEqual(['Settings'])
    expect(rolesOf('/')).toEqual([])
    expect(routes.find((r) => r.path === '/Notifcation')?.auth).toBe(false)
    for (const path of [
      '/Signin',
      '/ForgetPassword',
      '/resetPassword',
      '/signInForget',
      '/resetPasswordDone',
      '/linkExpired',
      '/confirmEmail',
      '/ForgetSignin',
      '/timed-out',
      '/Error404',
      '/Error401',
      '/Error403',
      '/Error505',
    ])
      expect(routes.find((r) => r.path === path)?.auth, path).toBe(false)
    expect(routes.at(-1)?.path).toBe('*')
  })
  it('binds every route the shell goes to to exactly one plugin of the app', () => {
    const routes = buildRegistry(plugins, appShell).routes
    for (const [name, ref] of Object.entries(shellRoutes))
      expect(
        routes.filter((r) => r.route === ref).map((r) => r.pluginId),
        name,
      ).toHaveLength(1)
  })
  it('finds the session machine from the plugin list (the model-based runner reads it there)', async () => {
    const session = buildRegistry(plugins, appShell).machines.find((machine) => machine.id === 'session')
    expect((await session!.load()).id).toBe('session')
  })
})

describe('a new feature is its folder and one line in src/plugins.ts', () => {
  // What src/plugins.ts would hold with the fixture's one line added (before the errors plugin's catch-all).
  const app = [...plugins.slice(0, -1), fieldTrips, plugins.at(-1)!]
  const registry = buildRegistry(app, appShell)

  it('is in the router: its paths lead to its pages, its params are read, its roles are kept', () => {
    const list = findRoute(registry.routes, '/field-trips')
    expect(list?.route.pluginId).toBe('fieldTrips')
    expect(list?.route.roles).toEqual(['Home'])
    const trip = findRoute(registry.routes, '/Field-Trips/42')
    expect([trip?.route.pluginId, trip?.params]).toEqual(['fieldTrips', { id: '42' }])
    expect(findRoute(registry.routes, '/field-trips/42/nothing')?.route.path).toBe('*')
  })
  it('is in the side bar for a user holding its role, in its order, with its own label and icon', () => {
    const entry = visibleNav(registry.nav, ['Home']).find((e) => e.id === 'fieldTrips')
    expect(entry).toMatchObject({ pluginId: 'fieldTrips', to: '/field-trips', label: 'fieldTrips.nav.label' })
    expect(typeof entry?.icon).toBe('function')
    expect(visibleNav(registry.nav, ['Home']).map((e) => e.id)).toEqual(['home', 'fieldTrips'])
    expect(visibleNav(registry.nav, ['Student', 'Settings']).map((e) => e.id)).not.toContain('fieldTrips')
  })
  it('is in the catalogue in both languages', async () => {
    expect((await registry.loadMessages('en'))['fieldTrips.nav.label']).toBe('Field trips')
    expect((await registry.loadMessages('ar'))['fieldTrips.nav.label']).toBe('الرحلات')
    expect((await registry.loadMessages('en'))['auth.signIn.title']).toBeDefined()
  })
  it('puts its card on the home page and its machine in the machine list', async () => {
    expect(registry.contributions(homeCards).map((card) => card.id)).toContain('fieldTrips.next')
    const trip = registry.machines.find((machine) => machine.pluginId === 'fieldTrips')
    expect((await trip!.load()).id).toBe('trip')
  })
  it('is in the event store: its events decode, its projection runs, its command is delivered on its own stream', async () => {
    const store = createEventStore({ dbName: `field-trips-${Math.random()}`, catalogue: loadCatalogue(app), classify, random: () => 0 })
    await store.ready
    store.append('v1.TripPlanned', { destination: 'Giza' })
    expect(() => store.append('v1.TripPlanned', { destination: 42 })).toThrow()
    store.append('v1.TripPublishRequested', { destination: 'Giza' })
    await settled(store)
    expect(store.getSnapshot().views['fieldTrips.trips']).toEqual(['Giza'])
    expect(sent).toEqual(['Giza'])
    store.dispose()
  })
})
