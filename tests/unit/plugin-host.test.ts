import { describe, expect, it } from 'vitest'
import { definePlugin } from '../../src/plugin-host/define-plugin.ts'
import { buildRegistry } from '../../src/plugin-host/registry.ts'
import { plugins } from '../../src/plugins.ts'

const page = () => Promise.resolve({ default: () => null })
const shell = { en: { 'shell.a.b': 'x' }, ar: { 'shell.a.b': 'س' } }

describe('plugin host', () => {
  it('builds routes, side bar (ordered) and catalogue from the plugin list', () => {
    const a = definePlugin({ id: 'a', routes: [{ path: '/a', page, auth: true }], nav: [{ id: 'a', label: 'a.nav.x', to: '/a', role: 'A', icon: 'home', order: 2 }], messages: { en: { 'a.x.y': 'A' }, ar: { 'a.x.y': 'أ' } } })
    const b = definePlugin({ id: 'b', routes: [{ path: '/b', page, auth: false }], nav: [{ id: 'b', label: 'b.nav.x', to: '/b', role: 'B', icon: 'home', order: 1 }], messages: { en: {}, ar: {} } })
    const registry = buildRegistry([a, b], shell)
    expect(registry.routes.map((r) => [r.pluginId, r.path])).toEqual([['a', '/a'], ['b', '/b']])
    expect(registry.nav.map((n) => n.id)).toEqual(['b', 'a'])
    expect(registry.catalogue.en).toEqual({ 'shell.a.b': 'x', 'a.x.y': 'A' })
  })
  it('refuses two plugins with one id', () => {
    const a = definePlugin({ id: 'a', routes: [], messages: { en: {}, ar: {} } })
    expect(() => buildRegistry([a, a], shell)).toThrow(/share the id/)
  })
  it("refuses a message outside the plugin's own key space", () => {
    const a = definePlugin({ id: 'a', routes: [], messages: { en: { 'b.x.y': 'no' }, ar: {} } })
    expect(() => buildRegistry([a], shell)).toThrow(/must start with "a."/)
  })
  it('declares the required roles of the spec on the real routes', () => {
    const routes = plugins.flatMap((p) => p.routes)
    const rolesOf = (path: string) => routes.find((r) => r.path === path)?.roles ?? []
    for (const path of ['/exams', '/exams/create', '/exams/edit/:id', '/exams/sessions', '/exams/sessions/examcorrect/:id']) expect(rolesOf(path)).toEqual(['Exams'])
    expect(rolesOf('/courses')).toEqual(['Courses'])
    for (const path of ['/calendar', '/onlinesessions', '/onlinesessions/summary']) expect(rolesOf(path)).toEqual(['Schedule'])
    expect(rolesOf('/settingProfile')).toEqual(['Settings'])
    expect(rolesOf('/')).toEqual([])
    expect(routes.find((r) => r.path === '/Notifcation')?.auth).toBe(false)
    for (const path of ['/Signin', '/ForgetPassword', '/resetPassword', '/signInForget', '/resetPasswordDone', '/linkExpired', '/ForgetSignin', '/timed-out', '/Error404', '/Error401', '/Error403', '/Error505'])
      expect(routes.find((r) => r.path === path)?.auth, path).toBe(false)
    expect(routes.at(-1)?.path).toBe('*')
  })
})
