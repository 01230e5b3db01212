import { describe, expect, it } from 'vitest'
import { defaultTeacherRoles } from '../../contracts/settings.ts'
import { decideAccess, effectiveRoles, holdsAllRoles } from '../../src/plugin-host/roles.ts'
import { visibleNav } from '../../src/plugin-host/registry.ts'
import type { NavEntry } from '../../src/plugin-host/define-plugin.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'

const paths = { signIn: '/Signin', unauthorized: '/Error401' }

describe('effective roles', () => {
  it('gives the defaults when the login answers an empty list', () => expect(effectiveRoles([])).toEqual(defaultTeacherRoles))
  it('keeps a non-empty list as it is', () => expect(effectiveRoles(['Home'])).toEqual(['Home']))
})

describe('role check', () => {
  it('passes with no required roles', () => expect(holdsAllRoles([], undefined)).toBe(true))
  it('needs every required role', () => {
    expect(holdsAllRoles(['Exams', 'Home'], ['Exams'])).toBe(true)
    expect(holdsAllRoles(['Home'], ['Exams', 'Home'])).toBe(false)
  })
})

describe('route guard', () => {
  const signedIn = (roles: string[]) => ({ status: 'signedIn' as const, roles })
  it('sends an unauthenticated user to /Signin', () =>
    expect(decideAccess({ auth: true }, { status: 'signedOut', roles: [] }, paths)).toEqual({ kind: 'redirect', to: '/Signin' }))
  it('lets anyone open a public route', () =>
    expect(decideAccess({ auth: false, roles: ['Exams'] }, { status: 'signedOut', roles: [] }, paths)).toEqual({ kind: 'allow' }))
  it('sends a user missing a required role to /Error401', () =>
    expect(decideAccess({ auth: true, roles: ['Exams'] }, signedIn(['Home', 'Courses', 'Settings']), paths)).toEqual({ kind: 'redirect', to: '/Error401' }))
  it('allows a user holding every required role', () =>
    expect(decideAccess({ auth: true, roles: ['Exams'] }, signedIn(['Exams']), paths)).toEqual({ kind: 'allow' }))
  it('applies the default roles to an empty list (Exams is among them)', () =>
    expect(decideAccess({ auth: true, roles: ['Exams'] }, signedIn([]), paths)).toEqual({ kind: 'allow' }))
  it('waits while the session is signing in or refreshing', () =>
    expect(decideAccess({ auth: true }, { status: 'pending', roles: [] }, paths)).toEqual({ kind: 'wait' }))
})

describe('side bar', () => {
  const entry = (id: string, role: string): NavEntry => ({ id, role, label: 'shell.nav.label', route: defineRoute('/'), icon: () => null, order: 0 })
  it('shows only the entries whose role the user holds', () =>
    expect(visibleNav([entry('home', 'Home'), entry('exams', 'Exams')], ['Home']).map((e) => e.id)).toEqual(['home']))
})
